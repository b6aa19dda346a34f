"""The examples of docs/PYTHON.md, the README's Python section and the package's
docstrings run as doctests."""

import doctest
import re
from pathlib import Path

import pytest

import nimlab

ROOT = Path(__file__).resolve().parents[3]
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


@pytest.mark.parametrize("page", ["docs/PYTHON.md", "README.md"])
def test_the_examples_of_a_page_run(page):
    # A code fence ends an example's expected output, as a blank line does.
    text = re.sub(r"^```\w*$", "", (ROOT / page).read_text(), flags=re.MULTILINE)
    test = doctest.DocTestParser().get_doctest(text, {"nimlab": nimlab}, page, page, 0)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    runner.run(test)
    failed, attempted = runner.summarize(verbose=False)
    assert attempted > 0 and failed == 0


@pytest.mark.parametrize("module,least", [(nimlab, 10), (nimlab.seq, 7)])
def test_the_docstrings_examples_run(module, least):
    failed, attempted = doctest.testmod(module, extraglobs={"nimlab": nimlab}, optionflags=FLAGS)
    assert attempted >= least and failed == 0
