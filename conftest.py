"""Test-session settings shared by the doctests in magiclib/ and the tests in tests/."""

import matplotlib

# Draw off-screen in this process only. The notebook kernels that nbval starts are
# other processes and keep the inline backend (MPLBACKEND=Agg would break them).
matplotlib.use("Agg")


def pytest_runtest_teardown(item):
    import matplotlib.pyplot as plt

    plt.close("all")
