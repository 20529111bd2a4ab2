"""Test-session settings shared by the doctests in magiclib/ and the tests in tests/."""

import matplotlib

# Draw off-screen in this process only. The notebook kernels that nbval starts are
# other processes and keep the inline backend (MPLBACKEND=Agg would break them).
matplotlib.use("Agg")


def pytest_runtest_teardown(item):
    import matplotlib.pyplot as plt

    plt.close("all")


# Longest first. With two xdist workers (`make test`), each stage's work goes out in collection order,
# a whole file (unit, browser) or a whole notebook (nbval) at a time, and a slow one handed out last
# leaves one worker idle while the other finishes it. So the slowest files and notebooks are collected
# first; everything else keeps its order, and so does every test inside a file or notebook. Seconds are
# rough, measured on this 2-core machine (--durations, 2026-12-02); only their order matters.
SLOW_FIRST = {
    # nbval (each of the four languages)
    "06_counting_5x5_magic_squares.ipynb": 80,  # every 5x5 square counted live
    "08_estimating_the_6x6_count.ipynb": 50,  # the sampler's runs
    # browser
    "test_10_widget_keys.py": 320,  # Voilà runs every notebook, 06 and 08 included
    "test_classroom.py": 185,
    "test_editions_lab.py": 140,
    "test_lab_fresh_profile.py": 125,
    "test_09_accessible_pages.py": 100,
    "test_08_delivery.py": 65,
    "test_03_queens.py": 45,
    "test_editions_pages.py": 45,
    # unit
    "test_estimate.py": 120,
    "test_handouts.py": 60,
    "test_editions_delivery.py": 50,
}


def pytest_collection_modifyitems(items):
    def seconds(item):
        return SLOW_FIRST.get(item.nodeid.split("::")[0].rsplit("/", 1)[-1], 0)

    items.sort(key=seconds, reverse=True)  # a stable sort: ties keep their order
