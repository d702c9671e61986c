"""HUPAI_* settings: read once, merged key sources, bad values stop start-up with a reason."""

from __future__ import annotations

import pytest

from service.settings import (
    DEFAULT_MAX_BODY_BYTES,
    ServerSettings,
    Settings,
    SettingsError,
    or_exit,
)


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


def test_warn_is_warning_in_any_case():
    assert Settings.from_env({"HUPAI_LOG_LEVEL": "Warn"}).log_level == "WARNING"


def test_server_settings_defaults_and_overrides():
    assert ServerSettings.from_env({}) == ServerSettings(("0.0.0.0:8000",), 2, "INFO")
    got = ServerSettings.from_env({"HUPAI_BIND": " 127.0.0.1:9000, unix:/tmp/h.sock,[::1]:80,",
                                   "WEB_CONCURRENCY": "3", "HUPAI_LOG_LEVEL": "error"})
    assert got == ServerSettings(("127.0.0.1:9000", "unix:/tmp/h.sock", "[::1]:80"), 3, "ERROR")
    # a host alone listens on gunicorn's default port; fd://N is a socket handed over
    assert ServerSettings.from_env({"HUPAI_BIND": "localhost,fd://3"}).bind == ("localhost",
                                                                              "fd://3")


@pytest.mark.parametrize("env, words", [
    ({"HUPAI_BIND": "abc:xyz"}, "'abc:xyz' is none of them"),
    ({"HUPAI_BIND": "127.0.0.1:65536"}, "port 0-65535"),
    ({"HUPAI_BIND": "::1:80"}, "[IPv6]:PORT"),  # an IPv6 address needs its brackets
    ({"HUPAI_BIND": ", ,"}, "at least one address"),
    ({"WEB_CONCURRENCY": "0"}, "positive whole number of workers"),
    ({"WEB_CONCURRENCY": "two"}, "WEB_CONCURRENCY='two'"),
])
def test_bad_server_values_name_the_variable_the_value_and_what_is_allowed(env, words):
    with pytest.raises(SettingsError) as e:
        ServerSettings.from_env(env)
    assert words in str(e.value) and "\n" not in str(e.value)


def test_or_exit_prints_one_line_and_exits_2(capsys):
    with pytest.raises(SystemExit) as e:
        or_exit(lambda: Settings.from_env({"HUPAI_MAX_BODY_BYTES": "abc\nx"}))
    assert e.value.code == 2
    out, err = capsys.readouterr()
    # the value is shown as a Python literal, so even a newline in it keeps the message one line
    assert (out, err) == ("", "hupai: HUPAI_MAX_BODY_BYTES='abc\\nx' must be a positive whole "
                              "number of bytes\n")
    assert or_exit(lambda: 7) == 7
