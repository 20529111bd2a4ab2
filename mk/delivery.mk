# Classroom delivery (included by the Makefile): offline HTML pages and the Voilà app.
#   make html   the executed notebooks as standalone pages in html/ (open html/index.html)
#   make app    the notebooks as apps, code hidden, on http://127.0.0.1:$(APP_PORT)/
HTML_DIR ?= html
APP_PORT ?= 8866

.PHONY: html app

# Exports the notebooks as they are stored (no re-execution: `make notebooks` does that).
html: setup
	$(PY) scripts/export_html.py --out $(HTML_DIR)

# Loopback only; Voilà shows no code and starts one kernel per opened page.
app: setup
	$(BIN)/voila notebooks --Voila.ip=127.0.0.1 --Voila.port=$(APP_PORT) --no-browser \
	  --VoilaConfiguration.strip_sources=True
