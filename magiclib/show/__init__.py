"""Pictures for the notebooks: one module per topic, all in the look of ``magiclib.draw``."""
