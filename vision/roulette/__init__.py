"""Roulette reader: one fixed camera over a single-zero wheel -> outcome / void / violation.

Stages, one module each, in pipeline order:

- ``calibrate``: from the first seconds, the pocket ring's ellipse (``ring``), then around
  it (``layout``) the perspective warp, the pocket band, the numbering sense (detected) and
  which radii turn; profile I/O and the technician's diagnostic image.
- ``wheel``: the polar unwrap (one ``cv2.remap`` per frame) and the wheel angle, read
  afresh each frame by correlating the band's colours with the pocket pattern.
- ``background``: running model of the strip, in wheel coordinates on the turning head.
- ``ball``: bright, colourless, compact spots (the ball and look-alikes), and whether
  fingers hold one.
- ``track``: which spot is the ball frame after frame (turret look-alikes learnt and
  skipped), its recent sightings and speeds.
- ``pocket``: wheel-relative angle -> pocket number.
- ``bowl``: objects in the bowl (lasting foreground that is neither ball nor hand).
- ``settle``: ``RoundTracker``, the per-round state machine that turns per-frame
  observations into events.
- ``reader``: ``RouletteReader``, the stages wired together, causal, frame by frame.
"""
