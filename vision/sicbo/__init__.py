"""Sic bo: read dice in still images (``read_dice``); the video reader builds on it."""

from vision.sicbo.dice import POSES, DiceParams, DiceReading, DieRead, read_dice

__all__ = ["POSES", "DiceParams", "DiceReading", "DieRead", "read_dice"]
