"""Synthetic table footage: 3D scenes projected through a perspective camera.

Stages: ``camera`` (pinhole model and poses), ``conditions`` (the capture conditions of
contract section 5, sampled from a seed, and the image degradations they imply),
``video`` (H.264 / MJPEG writers), ``roulette`` and ``sicbo`` (scene simulation and
rendering), ``cli`` (``python -m vision synth``).
"""
