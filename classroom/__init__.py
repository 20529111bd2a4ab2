"""A class on one server: JupyterHub for the suite's notebooks (``make classroom``; docs/teachers.md).

Deployment, not the library: ``magiclib`` imports nothing from here. The files:

- ``classlist.py``: reads and checks the class list (``username,language[,name]``), before anything is made;
- ``accounts.py``: one operating-system account a student (home 0700), all or none;
- ``serve.py``: what ``make classroom`` runs (checks, accounts, the course repository, then JupyterHub);
- ``jupyterhub_config.py``: the hub's configuration, a file for a school's IT staff to read;
- ``requirements.txt`` and ``package.json``: the classroom's pins beside ``requirements/lock.txt``;
- ``student/``: what runs as a student (the git hooks that trust delivered notebooks, first settings);
- ``helm/``: the same students' environment beyond one machine (Zero to JupyterHub, with the image that
  repo2docker builds from ``environment.yml`` and ``postBuild`` at the top of the repository).
"""
