"""Exceptions for bad input and configuration (not for uncertain reads: those are values)."""


class UserError(Exception):
    """Bad input or configuration: the CLI prints it as one clear line and exits with status 2.

    The message says what was expected and what came, e.g.
    ``calibration profile is for 1280x720 but the clip is 1920x1080``.
    """
