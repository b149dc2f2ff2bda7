"""Stage 4: a small CNN's opinion of the top face, from a crop around it.

The crop is a square of ``CROP_SCALE`` x the top-face edge centred on the top face,
grey, resized to ``CROP_PX`` and normalised to zero mean / unit variance, so die and
pip colour and exposure do not matter (red pips are dark in grey). The network
(trained by ``vision.sicbo.train_face``, card in ``models/dice_face.md``) runs with
onnxruntime; torch is never needed at run time.
"""

from __future__ import annotations

import dataclasses
import functools
from pathlib import Path
from typing import TYPE_CHECKING

import cv2
import numpy as np

if TYPE_CHECKING:
    from vision.sicbo.blob import Blob
    from vision.sicbo.pips import PipParams, TopFace

__all__ = ["CROP_PX", "CROP_SCALE", "DEFAULT_MODEL", "NOT_A_DIE", "FaceClassifier",
           "face_crop", "face_probs", "load_classifier", "look_again", "second_look"]

CROP_PX = 32
CROP_SCALE = 1.5
NOT_A_DIE = 6          # class index after faces 1..6 (indices 0..5)
DEFAULT_MODEL = Path(__file__).resolve().parents[2] / "models" / "dice_face.onnx"


def face_crop(image_bgr: np.ndarray, center_xy: tuple[float, float],
              edge_px: float) -> np.ndarray:
    """Normalised grey crop (float32, CROP_PX x CROP_PX) around a top face."""
    half = 0.5 * CROP_SCALE * edge_px
    cx, cy = center_xy
    s = CROP_PX / (2 * half)
    m = np.array([[s, 0, CROP_PX / 2 - s * cx], [0, s, CROP_PX / 2 - s * cy]], np.float32)
    grey = cv2.cvtColor(image_bgr, cv2.COLOR_BGR2GRAY)
    if s < 0.5:   # downscaling a lot: blur first so thin pips do not alias away
        grey = cv2.GaussianBlur(grey, (0, 0), 0.4 / s)
    crop = cv2.warpAffine(grey, m, (CROP_PX, CROP_PX), flags=cv2.INTER_AREA,
                          borderMode=cv2.BORDER_REPLICATE)
    return normalise(crop)


def normalise(crop: np.ndarray) -> np.ndarray:
    c = crop.astype(np.float32)
    return (c - c.mean()) / (c.std() + 8.0)


class FaceClassifier:
    """An ONNX model mapping Nx32x32 crops to N x 7 probabilities: faces 1..6, then
    "not a die"."""

    def __init__(self, path: Path) -> None:
        import onnxruntime as ort

        opts = ort.SessionOptions()
        opts.intra_op_num_threads = 1
        opts.inter_op_num_threads = 1
        self._session = ort.InferenceSession(str(path), opts,
                                             providers=["CPUExecutionProvider"])
        self._input = self._session.get_inputs()[0].name

    def predict(self, crops: np.ndarray, *, tta: bool = True) -> np.ndarray:
        """Probabilities (float32, N x 7): faces 1..6, then "not a die". With ``tta`` the
        mean over the 8 rotations/mirrorings of each crop (a face's value does not
        change under them; +0.2 points on fresh synthetic crops)."""
        x = np.asarray(crops, np.float32)
        views = [np.rot90(v, k, (1, 2)) for v in (x, x[:, :, ::-1]) for k in range(4)]
        views = views if tta else views[:1]
        batch = np.ascontiguousarray(np.concatenate(views))[:, None, :, :]
        logits = self._session.run(None, {self._input: batch})[0]
        e = np.exp(logits - logits.max(axis=1, keepdims=True))
        probs = e / e.sum(axis=1, keepdims=True)
        return probs.reshape(len(views), len(x), -1).mean(axis=0)


@functools.lru_cache(maxsize=4)
def load_classifier(path: str | None = None) -> FaceClassifier | None:
    """The classifier at ``path``; the packaged one by default (None if not built yet)."""
    p = Path(path) if path else DEFAULT_MODEL
    if not p.is_file():
        if path:
            raise FileNotFoundError(f"dice face model not found: expected an .onnx file at {p}")
        return None
    return FaceClassifier(p)


def second_look(classifier: FaceClassifier, image_bgr: np.ndarray, top: TopFace,
                body_xy: tuple[float, float], probs: np.ndarray, *,
                margin: float = 0.1, max_not_die: float = 0.3,
                first_not_die: float = 0.5) -> tuple[TopFace, np.ndarray]:
    """A lone pip is the weakest read: when the pip finder lost the other pips of a
    face (small or blurred dice) the crop is centred on one corner pip of a 2 or 3 and
    the CNN, trained on centred faces, tends to agree with "one". So a one is looked at
    again on a crop centred on the die's body (``body_xy``); the second view wins only
    when it reads another face surer by ``margin`` and as a die (not-a-die at most
    ``max_not_die``), and the first view did not call it clutter (``first_not_die``).
    Returns the (possibly re-centred)
    top face and the probabilities to use."""
    if top.count != 1 or float(probs[NOT_A_DIE]) >= first_not_die:
        return top, probs
    again = classifier.predict(face_crop(image_bgr, body_xy, top.edge_px)[None])[0]
    f0, f1 = face_probs(probs), face_probs(again)
    if (int(np.argmax(f1)) != int(np.argmax(f0)) and float(f1.max()) >= float(f0.max()) + margin
            and float(again[NOT_A_DIE]) <= max_not_die):
        return dataclasses.replace(top, center_xy=body_xy), again
    return top, probs


def look_again(classifier: FaceClassifier, image_bgr: np.ndarray, top: TopFace, blob: Blob,
               probs: np.ndarray, pip_params: PipParams) -> tuple[TopFace, np.ndarray]:
    """``second_look`` at a lone pip, unless its blob holds a second face
    (``pose.second_face``: the upturned face of a die leaning on or under it); then a
    face the CNN reads with more pips than
    were counted, and does not call clutter, grown to them where the pip finder found
    them (``pips.grown_to``: a clean layout of the CNN's face) or, washed out, where the
    layout puts them (``faintpip.faint_completed``). The top face and the
    probabilities to use.

    A blob with a second face holds two dice: its centre lies between them, on neither
    face, and a crop centred there shows pieces of both; the look moved the face there,
    where the second face no longer lies apart from it (so the die read flat), and the
    stack test measured the lit top's reach from a point off the face. Fresh seed 13004
    (spent) clip 017 r0 (800x600, camera 14 degrees, 59 px dice): a five tipped 29
    degrees against a one, its five pips a clean second face 0.6-1.0 edge from the one's
    pip; read leaning on the first still frame (the one at 0.53 by the CNN), then the
    look at the blob's centre read a six at 0.60, flat, its lit top 0.75 edge from there
    (0.41 from the one's pip): stacked twice, voided dice_stacked (truth dice_leaning)."""
    from vision.sicbo.faintpip import faint_completed
    from vision.sicbo.pips import grown_to
    from vision.sicbo.pose import second_face

    if top.count != 1 or second_face(top) is None:
        top, probs = second_look(classifier, image_bgr, top, blob.center_xy, probs)
    face = int(np.argmax(face_probs(probs))) + 1
    if float(probs[NOT_A_DIE]) >= 0.5:
        return top, probs
    if top.count > face:
        return _shrunk(classifier, image_bgr, top, blob, face, probs, pip_params)
    if top.count == face:
        return top, probs
    grown = grown_to(top, blob, face, pip_params) or faint_completed(image_bgr, top, face)
    if grown is not None:
        return grown, _surer_centred(classifier, image_bgr, grown, face, probs)
    washed = _one_washed(classifier, image_bgr, top, blob, face, probs, pip_params)
    return washed if washed[0] is not top else \
        _regrouped(classifier, image_bgr, top, blob, face, probs, pip_params)


def _surer_centred(classifier: FaceClassifier, image_bgr: np.ndarray, top: TopFace,
                   face: int, probs: np.ndarray) -> np.ndarray:
    """The CNN shown the grown face as it is first shown every face, centred on it at its
    own edge: those probabilities where they read ``face`` more surely than the look that
    grew it, else the look's. That look was centred on the pips the finder chose (a lone
    pip, at a one's crop size): fresh seed 15404 clip 015 r3 frame 1145 (640x480, a two by
    the dome's wall cut out of the floor's band, one pip chosen): grown to the two, the
    CNN's two 0.24 (not a die 0.31) was fused to 0.935, under a two's 0.98: the round,
    paid right before the band was cut, abstained; centred, the CNN reads it 0.98."""
    again = _centred_read(classifier, image_bgr, top)
    return again if float(again[face - 1]) > float(probs[face - 1]) else probs


def _one_washed(classifier: FaceClassifier, image_bgr: np.ndarray, top: TopFace,
                blob: Blob, face: int, probs: np.ndarray,
                pip_params: PipParams) -> tuple[TopFace, np.ndarray]:
    """The CNN's face (4-6) of all but one of the die's pips (``pips.one_short``) and the
    last one washed out where the layout puts it (``faintpip.faint_completed``), when the
    CNN, shown a crop centred on it, reads it so as surely as a rescued die's
    (``rescue.rescued_ok``); else the face and probabilities as they were. The top face
    the pip finder chose of pips in no layout is a part of them: fresh seed 14704 clip
    012 r3 (800x600): a six with one pip washed grey, five found (no layout), two chosen
    as a two, the CNN's six at 0.90: capped at 0.45 on every read, abstained."""
    from vision.sicbo.faintpip import faint_completed
    from vision.sicbo.pips import one_short

    if top.count >= face - 1:    # (``faint_completed`` has looked from the top face)
        return top, probs
    for short in one_short(top, blob, face, pip_params):
        grown = faint_completed(image_bgr, short, face)
        if grown is not None:
            return _read_again(classifier, image_bgr, top, probs, grown)
    return top, probs


def _regrouped(classifier: FaceClassifier, image_bgr: np.ndarray, top: TopFace,
               blob: Blob, face: int, probs: np.ndarray,
               pip_params: PipParams) -> tuple[TopFace, np.ndarray]:
    """A lone "pip" whose die's other top-ranked pips form the CNN's face cleanly
    (``pips.regrouped``) replaced by them, when the CNN, shown a crop centred on that
    face, reads it as that face as surely as a rescued die's (``rescue.rescued_ok``, a
    photo's stricter bar: ``min_cnn``, ``max_not_die``): two looks and the layout agree;
    else the face and probabilities as they were.

    When the CNN's face is none the pips make, the faces they do make cleanly, the
    largest first, each shown to the CNN, which must read it so: the CNN, shown a crop
    centred on a lone "pip" off the face, may read no face the die has. Fresh seed
    14604 clip 012 r2 frame 930 (1280x720, blurred): a six's blob held its side face's
    two near pips run together, a 407 px "pip" (0.76 round, rank 13.0) over the six's
    71-74 px pips (7.3-8.1, a clean layout); the crop on it read a three at 0.41 (the
    six at 0.21), and on the six's pips a six at 0.98: capped at 0.25 on every read of
    the round, which abstained low_confidence."""
    from vision.sicbo.pips import regrouped

    for n in (face, *(n for n in range(6, 1, -1) if n != face)):
        got = _read_again(classifier, image_bgr, top, probs,
                          regrouped(top, blob, n, pip_params))
        if got[0] is not top:
            return got
    return top, probs


def _shrunk(classifier: FaceClassifier, image_bgr: np.ndarray, top: TopFace,
            blob: Blob, face: int, probs: np.ndarray,
            pip_params: PipParams) -> tuple[TopFace, np.ndarray]:
    """A face counted with pips off it (a side face's, the floor's) shrunk to the CNN's
    face of its own pips (``pips.shrunk_to``), when the CNN, shown a crop centred on the
    shrunk face, reads it as that face as surely as a rescued die's (``rescue.rescued_ok``);
    else the face and probabilities as they were."""
    from vision.sicbo.pips import shrunk_to

    return _read_again(classifier, image_bgr, top, probs,
                       shrunk_to(top, blob, face, pip_params))


def _read_again(classifier: FaceClassifier, image_bgr: np.ndarray, top: TopFace,
                probs: np.ndarray, got: TopFace | None) -> tuple[TopFace, np.ndarray]:
    """``got`` (a face other pips make of the die) with the CNN's read of a crop centred
    on it, when that read is as sure as a rescued die's (``rescue.rescued_ok``); else
    ``top`` and ``probs`` as they were."""
    from vision.sicbo.rescue import rescued_ok

    if got is None:
        return top, probs
    again = _centred_read(classifier, image_bgr, got)
    return (got, again) if rescued_ok(got, again) else (top, probs)


def _centred_read(classifier: FaceClassifier, image_bgr: np.ndarray, top: TopFace
                  ) -> np.ndarray:
    """The CNN's probabilities for a crop centred on ``top`` at its own edge."""
    return classifier.predict(face_crop(image_bgr, top.center_xy, top.edge_px)[None])[0]


def face_probs(probs: np.ndarray) -> np.ndarray:
    """The CNN's six face probabilities (its "not a die" left out), summing to 1."""
    return probs[:6] / max(1e-9, float(probs[:6].sum()))
