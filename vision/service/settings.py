"""Service settings: one typed object from a config file (TOML/JSON) and ``VISION_*`` env vars.

Precedence, highest first: explicit overrides (the CLI flags), environment variables
(``VISION_DATA_DIR``, ``VISION_SETTLEMENT_URL``, ``VISION_SETTLEMENT_SECRET``,
``VISION_DEV_MODE``, ``VISION_TABLES`` as JSON, ...), the config file, the defaults.
Only the service reads settings; everything below it receives plain values.

With no tables configured the service replays the bundled sample clips
(``datasets/sample/roulette_*.mp4`` and ``sicbo_*.mp4``), one table per game.
Secrets have no defaults: outside development mode (``VISION_DEV_MODE=1`` / ``--dev``)
a missing settlement secret is a configuration error; in development mode throwaway
tokens and a secret are generated (and printed by ``python -m vision serve``).
"""

from __future__ import annotations

import json
import re
import secrets
import tomllib
from contextvars import ContextVar
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field, SecretStr, ValidationError, field_validator
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource, SettingsConfigDict

from vision.errors import UserError

__all__ = ["ApiToken", "ServiceSettings", "TableConfig", "load_settings", "sample_tables"]

SAMPLE_DIR = Path(__file__).resolve().parents[2] / "datasets" / "sample"
VIDEO_SUFFIXES = (".mp4", ".avi", ".mkv", ".mov")
_TABLE_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$")


class TableConfig(BaseModel):
    """One table camera: ``source`` is an rtsp/http URL, a device index, or a video file."""

    id: str
    game: Literal["roulette", "sicbo"]
    source: str | int
    profile: Path | None = None  # calibration profile written by `python -m vision calibrate`

    @field_validator("id")
    @classmethod
    def _check_id(cls, value: str) -> str:
        if not _TABLE_ID.match(value):
            raise ValueError(f"table id must be 1-40 of [A-Za-z0-9_-], got {value!r}")
        return value

    @property
    def source_kind(self) -> Literal["device", "stream", "file"]:
        if isinstance(self.source, int) or str(self.source).isdigit():
            return "device"
        if re.match(r"^[a-z][a-z0-9+.-]*://", str(self.source)):
            return "stream"
        return "file"


class ApiToken(BaseModel):
    """A bearer token and who holds it (the name goes into the audit trail)."""

    name: str = Field(min_length=1)
    role: Literal["operator", "technician"]
    token: SecretStr = Field(min_length=16)


_config_data: ContextVar[dict[str, Any] | None] = ContextVar("_config_data", default=None)


class _ConfigFileSource(PydanticBaseSettingsSource):
    """The parsed ``--config`` file, consulted after the environment."""

    def get_field_value(self, field: Any, field_name: str) -> tuple[Any, str, bool]:
        data = _config_data.get() or {}
        return data.get(field_name), field_name, False

    def __call__(self) -> dict[str, Any]:
        return dict(_config_data.get() or {})


class ServiceSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="VISION_", extra="forbid")

    data_dir: Path = Path("data")
    dev_mode: bool = False
    tables: list[TableConfig] = Field(default_factory=list)
    settlement_url: str | None = None  # None: the embedded reference settlement core
    settlement_secret: SecretStr | None = None
    tokens: list[ApiToken] = Field(default_factory=list)
    public_url: str | None = None  # base of evidence links; default http://HOST:PORT
    # camera faults and reconnection
    frozen_after_s: float = Field(5.0, gt=0)
    black_after_s: float = Field(2.0, gt=0)
    garbage_after_s: float = Field(1.0, gt=0)
    read_timeout_s: float = Field(5.0, gt=0)
    latest_frame_only: bool = True  # live sources: skip frames the reader is too slow for
    reconnect_min_s: float = Field(0.5, gt=0)
    reconnect_max_s: float = Field(30.0, gt=0)
    # evidence
    evidence_seconds: float = Field(3.0, ge=0)
    evidence_max_width: int = Field(640, ge=64)
    evidence_max_count: int = Field(500, ge=1)
    evidence_max_bytes: int = Field(2_000_000_000, ge=1)
    forward_interval_s: float = Field(1.0, gt=0)

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        return (init_settings, env_settings, _ConfigFileSource(settings_cls))

    @property
    def outbox_path(self) -> Path:
        return self.data_dir / "outbox.sqlite3"

    @property
    def ledger_path(self) -> Path:
        return self.data_dir / "ledger.sqlite3"

    @property
    def evidence_dir(self) -> Path:
        return self.data_dir / "evidence"

    @property
    def audit_path(self) -> Path:
        return self.data_dir / "audit.jsonl"

    @property
    def rounds_dir(self) -> Path:
        return self.data_dir / "rounds"

    def table(self, table_id: str) -> TableConfig | None:
        return next((t for t in self.tables if t.id == table_id), None)


def read_config_file(path: Path) -> dict[str, Any]:
    """Parse a TOML (``.toml``) or JSON (``.json``) config file into a dict."""
    if not path.is_file():
        raise UserError(f"config file not found: {path}")
    text = path.read_text()
    try:
        data = tomllib.loads(text) if path.suffix == ".toml" else json.loads(text)
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as exc:
        kind = "TOML" if path.suffix == ".toml" else "JSON"
        raise UserError(f"config file {path} is not valid {kind}: {exc}") from None
    if not isinstance(data, dict):
        raise UserError(f"config file {path} must hold an object of settings, got {type(data)}")
    return data


def sample_tables(sample_dir: Path | None = None) -> list[TableConfig]:
    """One table per game replaying the first bundled sample clip of that game, from
    ``./datasets/sample`` if it exists, else the checkout's ``datasets/sample``."""
    if sample_dir is None:
        local = Path("datasets") / "sample"
        sample_dir = local if local.is_dir() else SAMPLE_DIR
    tables = []
    for game in ("roulette", "sicbo"):
        clips = sorted(p for p in sample_dir.glob(f"{game}_*") if p.suffix in VIDEO_SUFFIXES)
        if clips:
            tables.append(TableConfig(id=f"{game}-1", game=game, source=str(clips[0])))
    if not tables:
        raise UserError(
            f"no tables configured and no sample clips in {sample_dir} (expected "
            "roulette_*.mp4 / sicbo_*.mp4, or .avi); pass --config FILE with a [[tables]] list"
        )
    return tables


def load_settings(config: Path | None = None, **overrides: Any) -> ServiceSettings:
    """Build the settings; a bad value is a UserError naming the field and what came."""
    token = _config_data.set(read_config_file(config) if config else {})
    try:
        settings = ServiceSettings(**{k: v for k, v in overrides.items() if v is not None})
    except ValidationError as exc:
        raise UserError(f"invalid service settings: {_describe(exc)}") from None
    finally:
        _config_data.reset(token)
    if not settings.tables:
        settings = settings.model_copy(update={"tables": sample_tables()})
    return _with_secrets(settings)


def _describe(exc: ValidationError) -> str:
    """One line per error: where, what, and what came (secrets are not echoed)."""
    parts = []
    for e in exc.errors():
        where = ".".join(map(str, e["loc"]))
        secret = any(w in where for w in ("token", "secret"))
        parts.append(f"{where}: {e['msg']} (got {'<hidden>' if secret else repr(e.get('input'))})")
    return "; ".join(parts)


def _with_secrets(settings: ServiceSettings) -> ServiceSettings:
    ids = [t.id for t in settings.tables]
    if len(set(ids)) != len(ids):
        raise UserError(f"table ids must be unique, got {ids}")
    if settings.dev_mode:
        update: dict[str, Any] = {}
        if settings.settlement_secret is None:
            update["settlement_secret"] = SecretStr(secrets.token_urlsafe(32))
        if not settings.tokens:
            update["tokens"] = [
                ApiToken(name="dev-operator", role="operator", token=secrets.token_urlsafe(24)),
                ApiToken(name="dev-technician", role="technician",
                         token=secrets.token_urlsafe(24)),
            ]
        return settings.model_copy(update=update)
    if settings.settlement_secret is None:
        raise UserError(
            "VISION_SETTLEMENT_SECRET is not set: the service signs every message it forwards; "
            "set it (and VISION_TOKENS), or run with --dev for throwaway development secrets"
        )
    return settings
