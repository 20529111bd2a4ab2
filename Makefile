# The suite's commands. `make lab` and `make test` are the two a newcomer needs.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PY     := $(BIN)/python
STAMP  := $(VENV)/.installed-stamp
NOTEBOOKS := $(sort $(wildcard notebooks/[0-9][0-9]_*.ipynb))
NB ?=
HTML_DIR ?= html
HANDOUTS_DIR ?= handouts
SLIDES_DIR ?= slides
APP_PORT ?= 8866
# Jupyter refuses to run as root unless told; only then is the flag added.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root)
# `make test` as root builds the students' environment first (the classroom's browser test needs it and
# root); as another user that test is skipped and nothing is built.
CLASSROOM_TEST_ENV := $(if $(filter 0,$(shell id -u)),classroom-env)
# Tools from the venv first, so a kernel started by Jupyter is the pinned Python.
export PATH := $(abspath $(BIN)):$(PATH)

.PHONY: help setup lab test lint format unit notebooks notebook editions bench html handouts slides app clean classroom classroom-env classroom-stop classroom-publish classroom-remove assignments

help:
	@echo "make lab        set up .venv and open the notebooks in JupyterLab (127.0.0.1, with a token)"
	@echo "make lab EDITION=uk   the same for an edition (uk, es, zh), JupyterLab itself in that language"
	@echo "make test       set up .venv, then lint, unit tests, nbval on every notebook, browser tests (each stage timed)"
	@echo "make setup      create .venv from requirements/lock.txt and install magiclib (editable)"
	@echo "make lint       ruff check and ruff format --check (the pinned ruff)"
	@echo "make format     let ruff fix what it can and format the code"
	@echo "make unit       the library's unit tests and doctests only (fast; no notebooks, no browser)"
	@echo "make notebooks  re-execute every notebook in place in the pinned environment"
	@echo "make notebook NB=notebooks/01_siamese_walk.ipynb   re-execute one notebook"
	@echo "make editions   bring the translation catalogues up to the English, regenerate and re-execute the editions"
	@echo "make bench      run benchmarks/ (ratios against a baseline measured in the same run)"
	@echo "make html       export the notebooks as offline pages in $(HTML_DIR)/ (open $(HTML_DIR)/index.html)"
	@echo "make handouts   student pages without solutions, teacher pages, printable PDF worksheets in $(HANDOUTS_DIR)/ (CORE=1: the lessons' cores only)"
	@echo "make slides     one offline reveal.js slide deck per notebook in $(SLIDES_DIR)/ (arrow keys move; CORE=1: cores only)"
	@echo "make app        serve the notebooks with Voila, code hidden, on http://127.0.0.1:$(APP_PORT)/ (EDITION=uk: an edition)"
	@echo "make classroom CLASS=class.csv [TEACHER=name]   as root: a class on this machine (JupyterHub; docs/teachers.md)"
	@echo "make classroom-stop     stop a classroom started in the background (work and passwords are kept)"
	@echo "make classroom-publish  send the committed notebooks to the students (they get them at next login)"
	@echo "make classroom-env      build the students' environment only ($(CLASSROOM_ENV); idempotent)"
	@echo "make classroom-remove CLASS=class.csv   remove the class's accounts and their homes (end of term)"
	@echo "make assignments [CLASS=class.csv] [COURSE_DIR=dir]   the exercises as an nbgrader course (default $(COURSE_DIR))"
	@echo "make clean      remove .venv and everything generated"

# One stamp for the whole environment: rebuilt when the pins or the package metadata change.
$(STAMP): requirements/lock.txt pyproject.toml scripts/configure_jupyter.py magiclib/widgets/_front.py
	@test -x $(PY) || $(PYTHON) -c 'import sys; assert sys.version_info >= (3, 10), "magiclib needs Python 3.10 or newer, found " + sys.version.split()[0]'
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements/lock.txt
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps -e .
	$(PY) scripts/configure_jupyter.py $(VENV)
	@touch $(STAMP)

setup: $(STAMP)

# An edition instead of English: `make lab EDITION=uk` (uk, es, zh; not LANG, the shell's locale).
EDITION ?=
LAB_DIR := notebooks$(if $(EDITION),/$(EDITION))
LAB_NOTEBOOKS = $(sort $(wildcard $(LAB_DIR)/[0-9][0-9]_*.ipynb))
LAB_SETTINGS := build/lab-settings/$(EDITION)
check_edition = @test -z "$(EDITION)" -o -n "$(LAB_NOTEBOOKS)" || { echo "no notebooks in $(LAB_DIR): \
  EDITION is one of uk, es, zh (written by make editions)"; exit 2; }

# The suite's own notebooks are signed as trusted (in the venv), so their stored widgets show at once.
# An edition's JupyterLab speaks its language (a pinned language pack) through a settings folder of
# this run only (build/lab-settings/EDITION, its configuration found through JUPYTER_CONFIG_PATH; for
# Chinese it also serves the CJK web font); the English `make lab` and $HOME are left alone.
lab: setup
	$(check_edition)
	$(BIN)/jupyter trust $(LAB_NOTEBOOKS)
	$(if $(EDITION),$(PY) scripts/configure_jupyter.py $(VENV) --lab-settings $(EDITION) $(LAB_SETTINGS))
	$(if $(EDITION),JUPYTER_CONFIG_PATH=$(abspath $(LAB_SETTINGS))) \
	  $(BIN)/jupyter lab --ServerApp.ip=127.0.0.1 --ServerApp.root_dir=$(LAB_DIR) $(ROOT_FLAG)

# `make test` runs four stages in turn, stops at the first that fails, and prints the wall time of
# each (and the total) at the end: lint, unit (the library's tests and doctests), nbval (every
# notebook re-run and compared with its stored outputs), browser (JupyterLab, Voilà, pages, slides).
TIMES := build/test-times.txt
define stage
	@mkdir -p build; echo "== make test: $(1)"; start=$$(date +%s); $(2); rc=$$?; \
	  echo "$(1): $$(( $$(date +%s) - start )) s$$( [ $$rc = 0 ] || echo " (failed)")" >> $(TIMES); \
	  [ $$rc = 0 ] || { echo "== stage times"; cat $(TIMES); exit $$rc; }
endef

# pytest-xdist workers per stage (`make test UNIT_WORKERS=0 NBVAL_WORKERS=0` to change; 0 = one process).
# Measured on 2 cores (nice 19): nbval 610 s in one process -> 357 s on 2 workers (machine load ~15).
# The unit stage ran in one process until 2026-12-02 (119 s -> 196 s on 2 workers, measured under a load
# of 2-5): most of its tests are plain Python on one core while the other idles, and its numba kernels
# no longer starve each other's threads since their OpenMP threads wait passively (below).
# Unit workers keep each test file together (--dist loadfile: a module's fixtures are built once);
# nbval needs each notebook in one kernel, in order (--dist loadscope). The options go in through
# PYTEST_ADDOPTS, after any of the caller's own.
# The browser stage ran in one process until 2026-12-02, using 0.8 of the two cores on average (998 CPU-s
# in 1,232 s: its tests wait on servers, kernels and pages); a second worker takes up some of the rest
# (measured without passive waiting and on two numba threads: 1,033 s, 1.13 cores). A file goes to one worker
# (--dist loadfile; xdist 3.8's loadgroup does not group under pytest 9.2, whose nodes no longer read the
# `_nodeid` that xdist rewrites). In every stage the slowest files and
# notebooks are collected first (conftest.py, SLOW_FIRST) and handed out in that order
# (--no-loadscope-reorder; xdist's own order is by the number of tests, not by their time).
UNIT_WORKERS ?= auto
NBVAL_WORKERS ?= auto
BROWSER_WORKERS ?= auto
# Two test processes (or a notebook's kernel beside a server's) each run numba's kernels on every core, and
# GNU OpenMP's threads spin while they wait for the next parallel region or at its end, taking the core from
# the other process's threads: passive waiting gives it back (measured under load: 15-25% less CPU time for
# the same estimate). Outputs are unchanged; only `make test` sets it.
test: export OMP_WAIT_POLICY = passive
# With two workers, each process's numba kernels run on one thread (NUMBA_NUM_THREADS=1): two processes
# of two threads each on two cores spent 15-20% more CPU time on the same count (measured 2026-12-02:
# order5's count of two centres, 8.4-9.1 CPU-s on one thread against 10.0-10.8 on two, beside a busy
# browser stage). Results do not depend on the number of threads.
one_thread = $(if $(filter 0,$(1)),,NUMBA_NUM_THREADS=1)
XDIST_UNIT  = $(call one_thread,$(UNIT_WORKERS)) PYTEST_ADDOPTS="$$PYTEST_ADDOPTS -n $(UNIT_WORKERS) --dist loadfile --no-loadscope-reorder"
XDIST_NBVAL = $(call one_thread,$(NBVAL_WORKERS)) PYTEST_ADDOPTS="$$PYTEST_ADDOPTS -n $(NBVAL_WORKERS) --dist loadscope --no-loadscope-reorder"
XDIST_BROWSER = $(call one_thread,$(BROWSER_WORKERS)) PYTEST_ADDOPTS="$$PYTEST_ADDOPTS -n $(BROWSER_WORKERS) --dist loadfile --no-loadscope-reorder"
# nbval runs every notebook with MAGICLIB_FIGURE_CHECK set: a figure whose texts overlap (in any edition)
# prints a line on stderr that the stored outputs lack, and the cell fails; `make notebook` refuses to store
# such a line (magiclib.show.look).
test: setup $(CLASSROOM_TEST_ENV)
	@mkdir -p build; rm -f $(TIMES); date +%s > $(TIMES).start
	$(call stage,lint,$(MAKE) --no-print-directory lint)
	$(call stage,unit,$(PY) scripts/compile_kernels.py && $(XDIST_UNIT) $(PY) -m pytest magiclib tests -m "not browser")
	$(call stage,nbval,MAGICLIB_FIGURE_CHECK=1 $(XDIST_NBVAL) $(PY) -m pytest notebooks)
	$(call stage,browser,$(XDIST_BROWSER) $(PY) -m pytest tests/browser)
	@echo "total: $$(( $$(date +%s) - $$(cat $(TIMES).start) )) s" >> $(TIMES); rm -f $(TIMES).start
	@echo "== stage times (wall)"; cat $(TIMES)

# The pinned ruff; `make test` fails on a lint or format error.
lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: setup
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

unit: setup
	$(PY) scripts/compile_kernels.py
	$(XDIST_UNIT) $(PY) -m pytest magiclib tests -m "not browser"

notebooks: setup
	@for nb in $(NOTEBOOKS); do $(MAKE) --no-print-directory notebook NB=$$nb || exit 1; done

notebook: setup
	@test -n "$(NB)" || { echo "usage: make notebook NB=notebooks/NAME.ipynb"; exit 2; }
	@echo "== executing $(NB)"
	cd $(dir $(NB)) && MAGICLIB_FIGURE_CHECK=1 $(abspath $(BIN))/jupyter nbconvert --to notebook --execute \
	  --inplace --ExecutePreprocessor.timeout=600 --ExecutePreprocessor.kernel_name=python3 \
	  --ExecutePreprocessor.record_timing=False $(notdir $(NB))
	@! grep -q "figure text overlaps" $(NB) || { echo "$(NB): a figure's texts overlap (see its stderr outputs)"; exit 1; }
	$(PY) scripts/notebook_metadata.py $(NB)

# English is the source: update every catalogue (new messages, fuzzy ones), write the editions' sources,
# then execute them in the pinned environment. `editions.py status` reports each language's progress, and
# `editions.py english` the English words an edition's reader still meets, figures included: the texts each
# figure draws are recorded in $(FIGURE_TEXT) as the editions run (MAGICLIB_FIGURE_TEXT, read by
# magiclib.i18n.use_language; no output changes).
FIGURE_TEXT := build/figure-text
editions: setup
	$(PY) scripts/editions.py update
	$(PY) scripts/editions.py generate
	rm -rf $(FIGURE_TEXT)
	@# Listed by the shell after generate has written them (make expands a recipe before running it), two at a
	@# time (one kernel each, two cores); any failure fails the target.
	@ls notebooks/*/[0-9][0-9]_*.ipynb | MAGICLIB_FIGURE_TEXT=$(abspath $(FIGURE_TEXT)) \
	  xargs -P 2 -I{} $(MAKE) --no-print-directory notebook NB={}
	$(PY) scripts/editions.py status
	@# A count, not a gate (exit 1 while English is left): every edition written above, by its folder.
	-$(PY) scripts/editions.py english --figures $(FIGURE_TEXT) $$(cd notebooks && for d in */; do printf -- '--lang %s ' "$${d%/}"; done)

bench: setup
	$(PY) benchmarks/run.py

# Classroom delivery: offline HTML pages and the Voilà app.
# Exports the notebooks as they are stored (no re-execution: `make notebooks` does that).
html: setup
	$(PY) scripts/export_html.py --out $(HTML_DIR)

# The classroom kit (docs/teachers.md): handouts without solutions, worksheets to print, slides.
# CORE=1: each lesson's core alone (the cells not tagged `further`; docs/teachers.md, "Lesson plans").
CORE_FLAG = $(if $(CORE),--core)
handouts: setup
	$(PY) scripts/make_handouts.py --out $(HANDOUTS_DIR) $(CORE_FLAG)

slides: setup
	$(PY) scripts/make_slides.py --out $(SLIDES_DIR) $(CORE_FLAG)

# Loopback only; Voilà shows no code and starts one kernel per opened page. `make app EDITION=uk`
# serves an edition; each page says its language and names its controls in it (the template's words
# are read again from the catalogues here: scripts/configure_jupyter.py).
app: setup
	$(check_edition)
	$(PY) scripts/configure_jupyter.py $(VENV)
	$(BIN)/voila $(LAB_DIR) --Voila.ip=127.0.0.1 --Voila.port=$(APP_PORT) --no-browser \
	  --VoilaConfiguration.strip_sources=True

clean:
	rm -rf $(VENV) build dist *.egg-info test-artifacts html handouts slides .pytest_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +

# A class on one server (classroom/, docs/teachers.md "A class on one server"), as root. The class list is
# checked first (Debian's Python, nothing made), then the students' environment is built or found up to
# date, then classroom/serve.py makes the accounts and serves JupyterHub until Ctrl-C.
CLASS ?=
TEACHER ?=
CLASSROOM_PORT ?= 8000
CLASSROOM_IP ?= 127.0.0.1
CLASSROOM_CERT ?=
CLASSROOM_KEY ?=
CLASSROOM_INSECURE ?=
CLASSROOM_IDLE ?= 3600
CLASSROOM_MEM ?= 2G
CLASSROOM_ENV ?= /opt/magiclib-classroom
CLASSROOM_STATE ?= /var/lib/magiclib-classroom
CLASSROOM_REPO ?= /srv/magiclib-classroom/course.git
SYSTEM_PYTHON := /usr/bin/python3

classroom-env:
	@test "$$(id -u)" = 0 || { echo "make classroom-env runs as root (a shared environment in $(CLASSROOM_ENV))"; exit 2; }
	$(SYSTEM_PYTHON) classroom/build_env.py $(CLASSROOM_ENV)

classroom:
	@test -n "$(CLASS)" || { echo "usage: make classroom CLASS=class.csv [TEACHER=name] (as root; docs/teachers.md)"; exit 2; }
	@test "$$(id -u)" = 0 || { echo "make classroom runs as root: it makes an account per student"; exit 2; }
	$(SYSTEM_PYTHON) classroom/classlist.py $(CLASS) $(if $(TEACHER),--teacher $(TEACHER))
	@$(MAKE) --no-print-directory classroom-env
	$(CLASSROOM_ENV)/bin/python classroom/serve.py run --class $(CLASS) $(if $(TEACHER),--teacher $(TEACHER)) \
	  --ip $(CLASSROOM_IP) --port $(CLASSROOM_PORT) $(if $(CLASSROOM_CERT),--cert $(CLASSROOM_CERT)) \
	  $(if $(CLASSROOM_KEY),--key $(CLASSROOM_KEY)) $(if $(CLASSROOM_INSECURE),--insecure) \
	  --idle-timeout $(CLASSROOM_IDLE) --mem-limit $(CLASSROOM_MEM) \
	  --env $(CLASSROOM_ENV) --state $(CLASSROOM_STATE) --repo $(CLASSROOM_REPO)

classroom-stop:
	$(SYSTEM_PYTHON) classroom/serve.py stop --state $(CLASSROOM_STATE)

classroom-publish:
	$(SYSTEM_PYTHON) classroom/serve.py publish --repo $(CLASSROOM_REPO) --env $(CLASSROOM_ENV)

# The exercises as an nbgrader course: one assignment per notebook in each language of the class list
# (English alone without CLASS); docs/teachers.md, "Assignments and grading".
COURSE_DIR ?= build/course
assignments: setup
	$(PY) classroom/assignments.py --course $(COURSE_DIR) $(if $(CLASS),--class $(CLASS))

classroom-remove:
	@test -n "$(CLASS)" || { echo "usage: make classroom-remove CLASS=class.csv [TEACHER=name]"; exit 2; }
	$(SYSTEM_PYTHON) classroom/accounts.py remove $(CLASS) $(if $(TEACHER),--teacher $(TEACHER))
