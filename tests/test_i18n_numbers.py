"""Numbers a reader meets are written as the reader's language writes them (issue 23).

The helpers of ``magiclib.i18n`` (``number``, ``percent``, ``unit``) write English exactly as the format
specs they replace (``:.3f``, ``:+.1%``, ``:.4g``, ``:.1e``), and Ukrainian, Spanish and Chinese as Babel
writes them (a decimal comma in uk and es, "16,8 %" in Spanish). The last test reads the committed
editions: no printed line of a Ukrainian or Spanish notebook shows a number with a decimal point, except
the few outputs that are Python values a student compares with code (listed, with the reason).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from magiclib import i18n
from magiclib.i18n import number, percent, unit

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def language():
    """Set a language for one test, English again afterwards."""
    yield i18n.use_language
    i18n.use_language("en")


VALUES = [0.0, 0.168, -0.0123, 0.95, 1.4, 908.75, 2.675, 1234.5, -10.7355, 1.748e19, 2.5e-3]


@pytest.mark.parametrize("value", VALUES)
def test_english_is_exactly_what_the_format_specs_printed(value):
    assert i18n.current_language() == "en"
    for d in (0, 1, 2, 3):
        assert percent(value, decimals=d) == f"{value:.{d}%}"
        assert percent(value, decimals=d, sign=True) == f"{value:+.{d}%}"
        assert number(value, decimals=d) == f"{value:,.{d}f}"
        assert number(value, decimals=d, sign=True) == f"{value:+,.{d}f}"
        assert number(value, decimals=d, group=False) == f"{value:.{d}f}"
        assert number(value, decimals=d, exponent=True) == f"{value:.{d}e}"
    for digits in (2, 3, 4, 6):
        assert number(value, digits=digits) == f"{value:.{digits}g}"


def test_ukrainian_and_spanish_write_a_decimal_comma_chinese_a_point(language):
    nbsp = "\xa0"
    language("uk")
    assert percent(0.168) == "16,8%"
    assert percent(0.0123, sign=True) == "+1,2%"
    assert number(908.75, decimals=1) == "908,8"
    assert number(-10.7355, decimals=3, sign=True) == "-10,736"
    assert number(1.748e19, digits=4) == "1,748e+19"
    assert number(2.4e7, decimals=1, exponent=True) == "2,4e+07"
    assert number(1234.5, decimals=1) == f"1{nbsp}234,5"
    assert unit(2.014, "s", 2) == "2,01 с" and unit(0.62, "ms", 1) == "0,6 мс"
    language("es")
    assert percent(0.168) == f"16,8{nbsp}%"
    assert percent(0.95, decimals=0) == f"95{nbsp}%"
    assert number(0.986, decimals=3) == "0,986"
    assert number(1.7745e19, digits=5) == "1,7745e+19"
    assert unit(3267, "x", 0) == "3267×" and unit(32670, "x", 0) == "32.670×"  # RAE: groups from five digits
    assert number(1296) == "1296" and number(-9999.5, decimals=1) == "-9999,5" and number(10_000) == "10.000"
    # grouped or not as printed, after rounding: 9999.6 is written 10.000, not 10000
    assert number(9999.6, decimals=0) == "10.000" and number(-9999.96, decimals=1) == "-10.000,0"
    assert number(9999.9996) == "10.000" and number(9999.9994) == "9999,999"
    language("zh")
    assert percent(0.168) == "16.8%"
    assert number(0.986, decimals=3) == "0.986"
    assert unit(2.014, "s", 2) == "2.01 秒"
    with pytest.raises(ValueError, match="未知的单位 'min'"):  # errors speak the reader's language too
        unit(1, "min")


# A number written with a decimal point: digits, ".", digits; not a group of thousands in the Spanish way
# (1.296, 275.305.224), not a version (3.11.7).
POINT = re.compile(r"(?<![\w.])[-+]?\d+\.\d+(?:\.\d+)*(?:e[-+]\d+)?")
THOUSANDS = re.compile(r"[1-9]\d{0,2}(?:\.\d{3})+")
VERSION = re.compile(r"\d+\.\d+\.\d+")

#: Printed Python values a student compares with code: (notebook, the English code that prints them).
CODE_LIKE = {
    "04_magic_hexagon_linear_algebra": ["1/3 - 1/5 - 2/15"],  # prints a float's repr: a rounding error
}


def decimal_points(lang: str) -> list[str]:
    """Every printed line of the edition's notebooks that shows a number with a decimal point."""
    found = []
    for path in sorted((ROOT / "notebooks" / lang).glob("[0-9][0-9]_*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        allowed = CODE_LIKE.get(path.stem, [])
        for index, cell in enumerate(cells):
            if cell["cell_type"] != "code" or any(a in "".join(cell["source"]) for a in allowed):
                continue
            for output in cell.get("outputs", []):
                if output.get("output_type") == "stream":
                    lines = "".join(output["text"]).splitlines()
                elif "text/html" in output.get("data", {}):
                    lines = [re.sub(r"<[^>]+>", " ", "".join(output["data"]["text/html"]))]
                else:
                    continue
                for line in lines:
                    for m in POINT.finditer(line):
                        if VERSION.fullmatch(m.group()) or (
                            lang == "es" and THOUSANDS.fullmatch(m.group().lstrip("+-"))
                        ):
                            continue
                        found.append(f"{path.name} cell {index}: {m.group()!r} in {line.strip()[:120]!r}")
    return found


@pytest.mark.parametrize("lang", ["uk", "es"])
def test_no_printed_number_in_a_ukrainian_or_spanish_edition_has_a_decimal_point(lang):
    """Run on the committed editions: fails until they are executed again after a change to the English."""
    if not (ROOT / "notebooks" / lang).is_dir():
        pytest.skip(f"no {lang} edition generated")
    found = decimal_points(lang)
    assert found == [], f"{len(found)} numbers with a point in the {lang} edition:\n" + "\n".join(found)


@pytest.mark.parametrize(("code", "sign"), [("uk", ","), ("es", ","), ("zh", "."), ("en", ".")])
def test_an_axis_writes_its_ticks_with_the_languages_decimal_sign(language, code, sign):
    import matplotlib.pyplot as plt

    import magiclib.show  # noqa: F401  (the pictures package follows the language)

    language(code)
    fig, ax = plt.subplots()
    ax.plot([1.725, 1.9], [-0.5, 1.0])
    fig.canvas.draw()
    ticks = [t.get_text() for t in ax.get_xticklabels() + ax.get_yticklabels()]
    plt.close(fig)
    decimals = [t for t in ticks if re.search(r"\d[.,]\d", t)]
    assert decimals and all(sign in t and ({".", ","} - {sign}).isdisjoint(t) for t in decimals), ticks
