"""Roulette reader: calibrate -> wheel -> ball -> pocket -> bowl -> settle -> reader."""
