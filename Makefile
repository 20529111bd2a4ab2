# The suite's commands. `make lab` and `make test` are the two a newcomer needs.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PY     := $(BIN)/python
STAMP  := $(VENV)/.installed-stamp
NOTEBOOKS := $(sort $(wildcard notebooks/[0-9][0-9]_*.ipynb))
NB ?=
# Jupyter refuses to run as root unless told; only then is the flag added.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root)
# Tools from the venv first, so a kernel started by Jupyter is the pinned Python.
export PATH := $(abspath $(BIN)):$(PATH)

.PHONY: help setup lab test unit notebooks notebook bench html app clean

help:
	@echo "make lab        set up .venv and open the notebooks in JupyterLab (127.0.0.1, with a token)"
	@echo "make test       set up .venv and run everything: unit tests, nbval on every notebook, browser tests"
	@echo "make unit       the library's unit tests only (fast)"
	@echo "make notebooks  re-execute every notebook in place in the pinned environment"
	@echo "make notebook NB=notebooks/01_siamese_walk.ipynb   re-execute one notebook"
	@echo "make bench      run benchmarks/ (ratios against a baseline measured in the same run)"
	@echo "make clean      remove .venv and everything generated"

# One stamp for the whole environment: rebuilt when the pins or the package metadata change.
$(STAMP): requirements/lock.txt pyproject.toml
	@test -x $(PY) || $(PYTHON) -c 'import sys; assert sys.version_info >= (3, 10), "magiclib needs Python 3.10 or newer, found " + sys.version.split()[0]'
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements/lock.txt
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps -e .
	@touch $(STAMP)

setup: $(STAMP)

lab: setup
	$(BIN)/jupyter lab --ServerApp.ip=127.0.0.1 --ServerApp.root_dir=notebooks $(ROOT_FLAG)

test: setup
	$(PY) -m pytest

unit: setup
	$(PY) -m pytest magiclib tests -m "not browser"

notebooks: setup
	@for nb in $(NOTEBOOKS); do $(MAKE) --no-print-directory notebook NB=$$nb || exit 1; done

notebook: setup
	@test -n "$(NB)" || { echo "usage: make notebook NB=notebooks/NAME.ipynb"; exit 2; }
	@echo "== executing $(NB)"
	cd $(dir $(NB)) && ../$(BIN)/jupyter nbconvert --to notebook --execute --inplace \
	  --ExecutePreprocessor.timeout=600 --ExecutePreprocessor.kernel_name=python3 \
	  --ExecutePreprocessor.record_timing=False $(notdir $(NB))

bench: setup
	$(PY) benchmarks/run.py

# Classroom delivery (static HTML export, Voilà app mode) lives in its own fragment.
-include mk/delivery.mk

clean:
	rm -rf $(VENV) build dist *.egg-info test-artifacts html .pytest_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
