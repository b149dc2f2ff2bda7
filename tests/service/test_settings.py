"""Settings: config file, environment precedence, sample tables, no default secrets."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from vision.errors import UserError
from vision.service.settings import load_settings, sample_tables

TOML = """
data_dir = "from-file"
settlement_secret = "file-secret-000000"

[[tables]]
id = "R1"
game = "roulette"
source = "rtsp://cam1/stream"

[[tables]]
id = "S1"
game = "sicbo"
source = 0
profile = "profiles/s1.json"
"""


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    for key in list(os.environ):
        if key.startswith("VISION_"):
            monkeypatch.delenv(key)


def test_toml_file_and_env_precedence(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "s.toml").write_text(TOML)
    monkeypatch.setenv("VISION_DATA_DIR", str(tmp_path / "from-env"))
    settings = load_settings(tmp_path / "s.toml")
    assert settings.data_dir == tmp_path / "from-env"  # the environment beats the file
    assert settings.settlement_secret.get_secret_value() == "file-secret-000000"
    assert [(t.id, t.source_kind) for t in settings.tables] == [("R1", "stream"),
                                                                ("S1", "device")]
    assert settings.tables[1].profile == Path("profiles/s1.json")
    # an explicit override (a CLI flag) beats both
    assert load_settings(tmp_path / "s.toml", data_dir=Path("cli")).data_dir == Path("cli")


def test_json_config(tmp_path: Path) -> None:
    config = {"settlement_secret": "s" * 20, "tables": [
        {"id": "T7", "game": "roulette", "source": "clips/t7.mp4"}]}
    (tmp_path / "s.json").write_text(json.dumps(config))
    settings = load_settings(tmp_path / "s.json")
    assert settings.tables[0].source_kind == "file" and settings.tokens == []


@pytest.mark.parametrize(("content", "suffix", "message"), [
    # broken TOML
    ("tables = [", ".toml", "not valid TOML"),
    # a JSON list instead of an object
    ("[1, 2]", ".json", "must hold an object"),
    # an unknown game
    ('settlement_secret = "x"\n[[tables]]\nid = "a"\ngame = "poker"\nsource = "a.mp4"',
     ".toml", "tables.0.game"),
    # a misspelt setting
    ('settlement_secret = "x"\ndata_dri = "d"', ".toml", "data_dri"),
    # duplicate table ids
    ('settlement_secret = "x"\n[[tables]]\nid = "a"\ngame = "sicbo"\nsource = 0\n'
     '[[tables]]\nid = "a"\ngame = "sicbo"\nsource = 1', ".toml", "unique"),
])  # fmt: skip
def test_bad_config_is_a_clear_user_error(tmp_path: Path, content: str, suffix: str,
                                          message: str) -> None:
    path = tmp_path / f"s{suffix}"
    path.write_text(content)
    with pytest.raises(UserError, match=message):
        load_settings(path)


def test_missing_config_file(tmp_path: Path) -> None:
    with pytest.raises(UserError, match="config file not found"):
        load_settings(tmp_path / "nope.toml")


def test_no_secret_outside_dev_mode(tmp_path: Path) -> None:
    (tmp_path / "s.json").write_text(json.dumps({"tables": [
        {"id": "T7", "game": "roulette", "source": "t7.mp4"}]}))
    with pytest.raises(UserError, match="VISION_SETTLEMENT_SECRET is not set"):
        load_settings(tmp_path / "s.json")


def test_dev_mode_generates_throwaway_credentials(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "s.json").write_text(json.dumps({"tables": [
        {"id": "T7", "game": "roulette", "source": "t7.mp4"}]}))
    monkeypatch.setenv("VISION_DEV_MODE", "1")
    first, second = load_settings(tmp_path / "s.json"), load_settings(tmp_path / "s.json")
    assert {t.role for t in first.tokens} == {"operator", "technician"}
    assert first.settlement_secret != second.settlement_secret  # generated each start


def test_sample_tables(tmp_path: Path) -> None:
    with pytest.raises(UserError, match="no sample clips"):
        sample_tables(tmp_path)
    for name in ("sicbo_02.avi", "sicbo_01.json", "roulette_01.mp4", "roulette_00.mp4"):
        (tmp_path / name).write_bytes(b"")
    tables = sample_tables(tmp_path)
    assert [(t.id, t.game, Path(str(t.source)).name) for t in tables] == [
        ("roulette-1", "roulette", "roulette_00.mp4"), ("sicbo-1", "sicbo", "sicbo_02.avi")]


def test_tokens_and_tables_from_the_environment(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VISION_SETTLEMENT_SECRET", "env-secret-000000")
    monkeypatch.setenv("VISION_TOKENS", json.dumps(
        [{"name": "alice", "role": "operator", "token": "a" * 20}]))
    monkeypatch.setenv("VISION_TABLES", json.dumps(
        [{"id": "T1", "game": "sicbo", "source": "rtsp://cam/1"}]))
    settings = load_settings()
    assert [(t.name, t.role) for t in settings.tokens] == [("alice", "operator")]
    assert "a" * 20 not in repr(settings)  # secrets never show in logs or reprs
    assert settings.tables[0].source_kind == "stream"


@pytest.mark.parametrize(("tokens", "message"), [
    # too short to be a secret
    ([{"name": "bob", "role": "operator", "token": "short"}], "tokens.0.token"),
    # a role the service does not know
    ([{"name": "bob", "role": "admin", "token": "b" * 20}], "tokens.0.role"),
])  # fmt: skip
def test_bad_tokens_are_refused(monkeypatch: pytest.MonkeyPatch, tokens: list,
                                message: str) -> None:
    monkeypatch.setenv("VISION_SETTLEMENT_SECRET", "env-secret-000000")
    monkeypatch.setenv("VISION_TOKENS", json.dumps(tokens))
    monkeypatch.setenv("VISION_TABLES", '[{"id": "T1", "game": "sicbo", "source": 0}]')
    with pytest.raises(UserError, match=message) as info:
        load_settings()
    assert "short" not in str(info.value)  # a rejected secret is not echoed
