"""Durable, signed forwarding of table outcomes to settlement.

``message`` defines the ``table-outcome/1`` message and its HMAC signature, ``outbox``
stores messages durably before anything else happens, ``forwarder`` delivers them over
HTTP (the project's only network I/O).
"""

from vision.forwarding.forwarder import DeliveryReport, Forwarder, classify
from vision.forwarding.message import (
    KINDS,
    SCHEMA,
    SIGNATURE_HEADER,
    VOID_REASONS,
    MessageError,
    TableMessage,
    make_message,
    round_key,
    sign,
    utc_iso,
    verify,
)
from vision.forwarding.outbox import Outbox, OutboxEntry, PutResult, backoff_delay

__all__ = [
    "KINDS",
    "SCHEMA",
    "SIGNATURE_HEADER",
    "VOID_REASONS",
    "DeliveryReport",
    "Forwarder",
    "MessageError",
    "Outbox",
    "OutboxEntry",
    "PutResult",
    "TableMessage",
    "backoff_delay",
    "classify",
    "make_message",
    "round_key",
    "sign",
    "utc_iso",
    "verify",
]
