"""HUPAI_* settings: read once, merged key sources, bad values stop start-up with a reason."""

from __future__ import annotations

import pytest

from service.settings import DEFAULT_MAX_BODY_BYTES, Settings, SettingsError


def test_defaults():
    s = Settings.from_env({})
    assert s == Settings((), DEFAULT_MAX_BODY_BYTES, "INFO")
    assert DEFAULT_MAX_BODY_BYTES == 1024 * 1024 and not s.auth_enabled


def test_keys_from_the_variable_and_the_file_are_merged(tmp_path):
    f = tmp_path / "keys"
    f.write_text("# rotated 2024-05\nnew-key\n\n  spaced-key  \nold-key\n")
    s = Settings.from_env({"HUPAI_API_KEYS": "old-key, other ,,", "HUPAI_API_KEYS_FILE": str(f)})
    # comma list first, then the file; blanks and comments dropped; duplicates once
    assert s.api_keys == ("old-key", "other", "new-key", "spaced-key")
    assert s.auth_enabled


@pytest.mark.parametrize("env, words", [
    ({"HUPAI_API_KEYS_FILE": "/nonexistent/keys"}, "HUPAI_API_KEYS_FILE"),
    ({"HUPAI_MAX_BODY_BYTES": "lots"}, "HUPAI_MAX_BODY_BYTES"),
    ({"HUPAI_MAX_BODY_BYTES": "0"}, "positive"),
    ({"HUPAI_LOG_LEVEL": "LOUD"}, "HUPAI_LOG_LEVEL"),
])
def test_bad_values_name_the_variable(env, words):
    with pytest.raises(SettingsError, match=words):
        Settings.from_env(env)


def test_an_empty_key_file_is_an_error(tmp_path):
    f = tmp_path / "keys"
    f.write_text("# nothing yet\n")
    with pytest.raises(SettingsError, match="no key"):
        Settings.from_env({"HUPAI_API_KEYS_FILE": str(f)})


def test_body_limit_and_log_level():
    s = Settings.from_env({"HUPAI_MAX_BODY_BYTES": "2048", "HUPAI_LOG_LEVEL": "debug"})
    assert s.max_body_bytes == 2048 and s.log_level == "DEBUG"
