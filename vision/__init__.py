"""Camera outcome reader for roulette and sic bo tables.

Public API is re-exported here; subpackages follow the pipeline:
``vision.footage`` (the contract: sidecars, events, frame sources),
``vision.synth`` (synthetic footage), ``vision.evaluate`` (scoring),
``vision.roulette`` and ``vision.sicbo`` (readers), ``vision.service`` (live service).
"""

__version__ = "0.1.0"

__all__ = ["__version__"]
