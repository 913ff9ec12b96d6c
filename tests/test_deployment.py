"""The deployment files (Dockerfile, docker-compose.yml, .env.example, .dockerignore), parsed."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import yaml
from pydantic import AliasChoices
from pydantic.fields import FieldInfo

from bot.config import EXAMPLE_TOKEN, Settings

pytestmark = pytest.mark.discord

ROOT = Path(__file__).resolve().parents[1]
# `NAME=value`, or commented out as `# NAME=value`.
ENTRY = re.compile(r"(#\s*)?([A-Z][A-Z0-9_]*)=(.*)")
# A bot token: three base64url parts separated by dots.
TOKEN_SHAPE = re.compile(r"[\w-]{20,}\.[\w-]{5,}\.[\w-]{20,}")
INTERPOLATION = re.compile(r"(?<!\$)\$\{?([A-Za-z_]\w*)(:?[?-][^}]*)?\}?")
FONTS = ("fonts-noto-cjk", "fonts-ipaexfont-gothic")
# The bot's own database role (deploy/postgres-init, `greedbot migrate --grant`).
APP_ROLE = "greedbot_app"


# --- .env.example -------------------------------------------------------------------------


def example() -> dict[str, tuple[str, bool, str]]:
    """NAME -> (value, set rather than commented out, the line right above it)."""
    lines = [line.strip() for line in (ROOT / ".env.example").read_text().splitlines()]
    entries = {}
    for index, line in enumerate(lines):
        if match := ENTRY.fullmatch(line):
            entries[match[2]] = (match[3], match[1] is None, lines[index - 1] if index else "")
    return entries


def env_names(name: str, field: FieldInfo) -> list[str]:
    """The environment variables pydantic-settings reads a field from."""
    alias = field.validation_alias or field.alias
    if isinstance(alias, AliasChoices):
        return [choice for choice in alias.choices if isinstance(choice, str)]
    if isinstance(alias, str):
        return [alias]
    return [f"{Settings.model_config.get('env_prefix', '')}{name}".upper()]


@pytest.mark.parametrize("name", sorted(Settings.model_fields))
def test_every_setting_is_in_the_example_with_a_comment(name: str) -> None:
    entries = example()
    names = [env for env in env_names(name, Settings.model_fields[name]) if env in entries]
    assert names, f"the setting {name} is not in .env.example (as any of its variables)"
    for env in names:
        above = entries[env][2]
        assert above.startswith("#") and not ENTRY.fullmatch(above), f"{env} has no comment"


def test_the_example_token_is_a_placeholder() -> None:
    value, is_set, _ = example()["DISCORD_TOKEN"]
    # `greedbot run` opens the console for it, `greedbot discord run` refuses it.
    assert is_set and value == EXAMPLE_TOKEN
    assert not TOKEN_SHAPE.search((ROOT / ".env.example").read_text())


# --- docker-compose.yml -------------------------------------------------------------------


def compose() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    return data


def strings(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            yield str(key)
            yield from strings(value)
    elif isinstance(node, list):
        for item in node:
            yield from strings(item)
    elif isinstance(node, str):
        yield node


def mapping(node: Any) -> dict[str, Any]:
    """`environment` and the like: a mapping, or a list of `KEY=value`."""
    if isinstance(node, list):
        return dict(item.split("=", 1) for item in node)
    return dict(node or {})


def test_compose_runs_postgres_16_on_a_named_volume_with_a_health_check() -> None:
    spec = compose()
    assert {"postgres", "bot"} <= set(spec["services"])
    postgres = spec["services"]["postgres"]
    assert re.fullmatch(r"postgres:16([.-][\w.-]*)?", postgres["image"])
    assert postgres["restart"] == "unless-stopped"
    mounts = {}
    for volume in postgres["volumes"]:
        if isinstance(volume, str):
            volume = dict(zip(("source", "target"), volume.split(":"), strict=False))
        mounts[volume["target"]] = volume.get("source")
    assert mounts["/var/lib/postgresql/data"] in (spec.get("volumes") or {})
    check = postgres["healthcheck"]
    assert "pg_isready" in " ".join(strings(check["test"])) and check["retries"] >= 3
    for port in postgres.get("ports", []):
        assert str(port).startswith("127.0.0.1:"), "the database is published to the world"


def test_compose_bot_builds_here_and_waits_for_a_healthy_postgres() -> None:
    spec = compose()
    bot, postgres = spec["services"]["bot"], spec["services"]["postgres"]
    assert bot["build"] in (".", {"context": "."})
    assert bot["depends_on"]["postgres"]["condition"] == "service_healthy"
    assert bot["restart"] == "unless-stopped"
    url = urlsplit(mapping(bot["environment"])["DATABASE_URL"])
    database = mapping(postgres["environment"])
    assert url.scheme.startswith("postgres") and url.hostname == "postgres"
    assert url.path == f"/{database['POSTGRES_DB']}"
    for service in (bot, postgres):
        assert service["logging"]["options"]["max-size"]


def test_compose_bot_connects_as_its_own_role_not_the_owner() -> None:
    spec = compose()
    bot, postgres = spec["services"]["bot"], spec["services"]["postgres"]
    url = urlsplit(mapping(bot["environment"])["DATABASE_URL"])
    owner = mapping(postgres["environment"])["POSTGRES_USER"]
    assert url.username == APP_ROLE != owner
    assert url.password == "${APP_DB_PASSWORD}"
    assert "POSTGRES_PASSWORD" not in mapping(bot["environment"])["DATABASE_URL"]


def test_compose_migrates_and_grants_as_the_owner_before_the_bot() -> None:
    spec = compose()
    services = spec["services"]
    migrate, bot, postgres = services["migrate"], services["bot"], services["postgres"]
    # The bot's image: no ENTRYPOINT, so `command` replaces its CMD and runs greedbot itself.
    assert migrate["build"] == bot["build"]
    assert not [step for step in dockerfile() if step[0] == "ENTRYPOINT"]
    assert migrate["command"] == ["greedbot", "migrate", "--grant", APP_ROLE]
    assert migrate["depends_on"]["postgres"]["condition"] == "service_healthy"
    assert migrate.get("restart", "no") == "no", "a one-shot service must not restart"
    url = urlsplit(mapping(migrate["environment"])["DATABASE_URL"])
    database = mapping(postgres["environment"])
    assert url.hostname == "postgres" and url.path == f"/{database['POSTGRES_DB']}"
    assert url.username == database["POSTGRES_USER"]
    assert url.password == "${POSTGRES_PASSWORD}"
    assert bot["depends_on"]["migrate"]["condition"] == "service_completed_successfully"
    assert migrate["logging"]["options"]["max-size"]


def test_compose_checks_the_settings_before_anything_starts() -> None:
    """A placeholder left in .env stops everything: no database initialised with a password
    everyone knows, no bot restarting forever on a token that cannot log in."""
    services = compose()["services"]
    check = services["check"]
    assert check["command"] == ["greedbot", "discord", "check"]
    assert check["build"] == services["bot"]["build"]
    assert check.get("restart", "no") == "no", "a one-shot service must not restart"
    assert services["postgres"]["depends_on"]["check"]["condition"] == (
        "service_completed_successfully"
    )
    # It checks what the others will be given: every password and the token of .env.
    given = mapping(check["environment"])
    example_values = {name for name, (value, _, _) in example().items() if "change-me-" in value}
    assert example_values | {"DISCORD_TOKEN"} <= set(given)
    bot_url = mapping(services["bot"]["environment"])["DATABASE_URL"]
    assert given["DATABASE_URL"] == bot_url


def test_postgres_makes_the_app_role_on_a_new_volume() -> None:
    postgres = compose()["services"]["postgres"]
    mounts = {}
    for volume in postgres["volumes"]:
        if isinstance(volume, str):
            volume = dict(zip(("source", "target"), volume.split(":"), strict=False))
        mounts[volume["target"]] = volume.get("source")
    scripts = ROOT / mounts["/docker-entrypoint-initdb.d"]
    assert mapping(postgres["environment"])["APP_DB_PASSWORD"].startswith("${APP_DB_PASSWORD")
    [script] = sorted(scripts.glob("*.sh"))
    text = script.read_text()
    assert re.search(rf"CREATE ROLE {APP_ROLE} LOGIN PASSWORD :'\w+'", text)
    assert '"$APP_DB_PASSWORD"' in text and "ON_ERROR_STOP=1" in text
    assert "SUPERUSER" not in text.upper()
    # Executable, the image runs it in a shell of its own (else it sources it into its own).
    assert script.stat().st_mode & 0o111, f"{script.name} is not executable"


def test_every_variable_compose_interpolates_is_in_the_example() -> None:
    entries = example()
    for text in strings(compose()):
        for name, modifier in INTERPOLATION.findall(text):
            assert name in entries, f"docker-compose.yml uses ${name}, not in .env.example"
            if "?" in modifier:
                assert entries[name][1], f"{name} is required but commented out in .env.example"


# --- the owner's password stays away from the bot -----------------------------------------

OWNER_PASSWORD = "POSTGRES_PASSWORD"
# Who may see it: the database, the one-shot migrate service that sets the tables up, and the
# one-shot check before them that refuses it while it is still the placeholder.
OWNERS = {"postgres", "migrate", "check"}
# The settings in .env.example that the bot's service is not handed, and why.
NOT_FOR_THE_BOT = {
    OWNER_PASSWORD: "the owner's password",
    "APP_DB_PASSWORD": "it reaches the bot inside its DATABASE_URL",
    "DATABASE_URL": "compose sets the bot's own",
    "GREEDBOT_DATA_DIR": "the image sets it; compose's bot keeps its villages in PostgreSQL",
}
# `$NAME` and `${NAME…}`, also nested in another's default; `$$` is a literal dollar.
DOLLARS = re.compile(r"(\$+)\{?([A-Za-z_][A-Za-z0-9_]*)")
OVERRIDES = ("docker-compose.override.yml", "docker-compose.override.yaml")
OVERRIDES += ("compose.override.yml", "compose.override.yaml")


def interpolated(node: Any) -> set[str]:
    """The variables Compose fills in anywhere in `node` (keys and values)."""
    names = set()
    for text in strings(node):
        for match in DOLLARS.finditer(text):
            if len(match[1]) % 2:
                names.add(match[2])
    return names


def definitions(spec: dict[str, Any], name: str, folder: Path = ROOT) -> list[dict[str, Any]]:
    """A service's definition and each one it `extends`, in this file or another, nearest
    first. (YAML anchors and `<<` merges are already resolved by the parser.)"""
    chain: list[dict[str, Any]] = []
    service: dict[str, Any] | None = spec["services"][name]
    while service is not None and len(chain) < 10:
        chain.append(service)
        extends = service.get("extends")
        if extends is None:
            break
        if isinstance(extends, str):
            service = spec["services"][extends]
            continue
        if "file" in extends:
            folder = (folder / extends["file"]).parent
            spec = yaml.safe_load((folder / Path(extends["file"]).name).read_text())
        service = spec["services"][extends["service"]]
    return chain


def owners_password_routes(spec: dict[str, Any], name: str, folder: Path = ROOT) -> list[str]:
    """Every way service `name` of a compose file (in `folder`) can read the database owner's
    password."""
    routes = []
    for service in definitions(spec, name, folder):
        if "env_file" in service:
            routes.append(f"env_file {service['env_file']!r} (.env holds every secret)")
        for entry in service.get("environment") or {}:  # a map's keys, or a list's items
            if str(entry).split("=", 1)[0] == OWNER_PASSWORD:
                routes.append(f"environment names {OWNER_PASSWORD}")
        if OWNER_PASSWORD in interpolated(service):
            routes.append(f"${{{OWNER_PASSWORD}}} filled in by Compose")
        for kind in ("secrets", "configs"):
            for item in service.get(kind) or []:
                source = item["source"] if isinstance(item, dict) else item
                top = (spec.get(kind) or {}).get(source) or {}
                if top.get("environment") == OWNER_PASSWORD or OWNER_PASSWORD in interpolated(top):
                    routes.append(f"{kind} {source} is the owner's password")
                if Path(str(top.get("file", ""))).name == ".env":
                    routes.append(f"{kind} {source} is .env")
        for volume in service.get("volumes") or []:
            source = volume.get("source") if isinstance(volume, dict) else volume.split(":")[0]
            mounted = (ROOT / str(source)).resolve() if source else None
            if mounted and (mounted == ROOT / ".env" or ROOT.is_relative_to(mounted)):
                routes.append(f"volume {source} puts .env in the container")
        pid = str(service.get("pid", ""))
        if pid == "host" or pid.removeprefix("service:") in OWNERS:
            routes.append(f"pid {pid}: it can read another process's environment")
    return routes


def test_only_the_database_and_migrate_see_the_owners_password() -> None:
    spec = compose()
    for name in spec["services"]:
        routes = owners_password_routes(spec, name)
        if name in OWNERS:
            assert routes, f"{name} needs {OWNER_PASSWORD} and does not get it"
        else:
            assert routes == [], f"{name} can read {OWNER_PASSWORD}: {routes}"
    for override in OVERRIDES:  # Compose merges these into the file by itself
        assert not (ROOT / override).exists(), f"{override} would change the services"


# How the bot's service could get the owner's password: each must be caught. The first is
# the file as it was (the whole .env handed to the bot).
LEAKS = {
    "env_file": "env_file: .env",
    "env_file as a list": "env_file: [{path: .env, required: false}]",
    "environment map": "environment: {POSTGRES_PASSWORD: x}",
    "environment list": "environment: [POSTGRES_PASSWORD=x]",
    "environment passed through": "environment: [POSTGRES_PASSWORD]",
    "interpolated in a URL": "environment: {URL: 'postgresql://greedbot:${POSTGRES_PASSWORD}@db/x'}",
    "interpolated in the command": "command: [sh, -c, 'echo $POSTGRES_PASSWORD']",
    "interpolated in the entrypoint": "entrypoint: 'env PW=${POSTGRES_PASSWORD:-} greedbot'",
    "nested in a default": "labels: {x: '${NOPE:-${POSTGRES_PASSWORD}}'}",
    "a build argument": "build: {context: ., args: ['PW=${POSTGRES_PASSWORD}']}",
    "a secret": "secrets: [pw]",
    "the project folder mounted": "volumes: ['.:/app']",
    "a folder above it mounted": "volumes: ['..:/src:ro']",
    "the .env file mounted": "volumes: [{type: bind, source: ./.env, target: /app/.env}]",
    "the database's processes": "pid: service:postgres",
}


@pytest.mark.parametrize("leak", LEAKS.values(), ids=LEAKS.keys())
def test_every_way_to_the_owners_password_is_caught(leak: str) -> None:
    text = f"""
secrets:
  pw: {{environment: POSTGRES_PASSWORD}}
services:
  postgres: {{image: postgres:16}}
  bot:
    image: greedbot
    {leak}
"""
    assert owners_password_routes(yaml.safe_load(text), "bot")


def test_inherited_routes_to_the_owners_password_are_caught(tmp_path: Path) -> None:
    anchored = """
x-common: &common
  env_file: .env
services:
  bot:
    <<: *common
    image: greedbot
"""
    assert owners_password_routes(yaml.safe_load(anchored), "bot")
    extended = """
services:
  migrate: {environment: {DATABASE_URL: 'postgresql://greedbot:${POSTGRES_PASSWORD}@x/y'}}
  bot: {extends: migrate, command: [greedbot, discord, run]}
"""
    assert owners_password_routes(yaml.safe_load(extended), "bot")
    (tmp_path / "common.yml").write_text("services:\n  base: {env_file: .env}\n")
    other = {"services": {"bot": {"extends": {"file": "common.yml", "service": "base"}}}}
    assert owners_password_routes(other, "bot", tmp_path)


def test_the_bot_is_handed_every_setting_of_the_example_it_reads() -> None:
    bot = mapping(compose()["services"]["bot"]["environment"])
    for name in example():
        if name in NOT_FOR_THE_BOT:
            continue
        assert name in bot, f"{name} from .env.example does not reach the bot's service"
        assert interpolated(bot[name]) == {name}, f"{name} is not taken from .env"
    token = bot["DISCORD_TOKEN"]
    assert token.startswith("${DISCORD_TOKEN:?"), "the bot needs its token: Compose says so"


def test_a_setting_compose_leaves_empty_means_its_default(monkeypatch: pytest.MonkeyPatch) -> None:
    # `${NAME:-}` hands the bot an empty value for a setting .env leaves out.
    bot = mapping(compose()["services"]["bot"]["environment"])
    optional = [name for name, value in bot.items() if str(value) == f"${{{name}:-}}"]
    assert {"GREEDBOT_TICK_SECONDS", "DISCORD_SHARD_COUNT", "GREEDBOT_LOCALE"} <= set(optional)
    for name in optional:
        monkeypatch.setenv(name, "")
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    defaults = {
        name: field.get_default(call_default_factory=True)
        for name, field in Settings.model_fields.items()
    }
    assert settings.model_dump() == defaults


# --- Dockerfile ---------------------------------------------------------------------------


def dockerfile() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments), continuation lines joined, comments dropped."""
    steps, pending = [], ""
    for raw in (ROOT / "Dockerfile").read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        keyword, _, arguments = (pending + line).partition(" ")
        steps.append((keyword.upper(), arguments.strip()))
        pending = ""
    return steps


def command(arguments: str) -> str:
    return " ".join(json.loads(arguments)) if arguments.startswith("[") else arguments


def test_dockerfile_builds_a_slim_venv_image_with_a_japanese_font() -> None:
    steps = dockerfile()
    image = [arguments for keyword, arguments in steps if keyword == "FROM"][-1].split()[0]
    version = re.fullmatch(r"python:3\.(\d+)[\w.]*-slim[\w.-]*", image)
    assert version and int(version[1]) >= 11, image
    runs = [arguments for keyword, arguments in steps if keyword == "RUN"]
    assert any(re.search(r"python3? -m venv /opt/venv", run) for run in runs)
    assert any("/opt/venv/bin" in arguments for keyword, arguments in steps if keyword == "ENV")
    assert any(re.search(r"pip install .*-e /app\b", run) for run in runs)
    fonts = [run for run in runs if "apt-get install" in run and any(f in run for f in FONTS)]
    assert fonts and "--no-install-recommends" in fonts[0]
    assert "rm -rf /var/lib/apt/lists" in fonts[0]


def test_dockerfile_runs_as_a_user_and_migrates_before_the_bot() -> None:
    steps = dockerfile()
    final = steps[max(i for i, (keyword, _) in enumerate(steps) if keyword == "FROM") :]
    starts = [i for i, (keyword, _) in enumerate(final) if keyword in ("CMD", "ENTRYPOINT")]
    users = [arguments for keyword, arguments in final[: starts[-1]] if keyword == "USER"]
    assert users and users[-1].split(":")[0] not in ("root", "0")
    line = " ".join(command(arguments) for keyword, arguments in final if keyword == "ENTRYPOINT")
    line += " " + " ".join(command(arguments) for keyword, arguments in final if keyword == "CMD")
    assert re.search(r"greedbot migrate\s*&&.*\bgreedbot discord run\b", line), line


def test_dockerfile_bakes_in_no_secret() -> None:
    secrets = {"DISCORD_TOKEN", OWNER_PASSWORD, "APP_DB_PASSWORD", "DATABASE_URL"}
    for keyword, arguments in dockerfile():
        assert not secrets & set(re.findall(r"[A-Z][A-Z0-9_]+", arguments)), (keyword, arguments)
        if keyword in ("COPY", "ADD"):
            sources = [word for word in arguments.split()[:-1] if not word.startswith("--")]
            assert "." not in sources and ".env" not in sources, arguments


# --- .dockerignore ------------------------------------------------------------------------


def glob(pattern: str) -> re.Pattern[str]:
    """A .dockerignore pattern (Go's filepath.Match plus `**`) as a regular expression."""
    regex, i = "", 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            regex, i = regex + "(.*/)?", i + 3
        elif pattern.startswith("**", i):
            regex, i = regex + ".*", i + 2
        else:
            regex += {"*": "[^/]*", "?": "[^/]"}.get(pattern[i], re.escape(pattern[i]))
            i += 1
    return re.compile(regex)


def ignored(path: str) -> bool:
    """Docker's rule: the last pattern that matches the path or a folder above it wins."""
    lines = (ROOT / ".dockerignore").read_text().splitlines()
    patterns = [line.strip() for line in lines if line.strip() and not line.startswith("#")]
    parts = path.split("/")
    prefixes = ["/".join(parts[: i + 1]) for i in range(len(parts))]
    result = False
    for pattern in patterns:
        regex = glob(pattern.removeprefix("!").strip("/"))
        if any(regex.fullmatch(prefix) for prefix in prefixes):
            result = not pattern.startswith("!")
    return result


@pytest.mark.parametrize(
    "path", [".env", ".venv/bin/python", ".git/HEAD", "greedbot.db", "bot/__pycache__/x.pyc"]
)
def test_dockerignore_keeps_secrets_and_local_files_out(path: str) -> None:
    assert ignored(path)


def test_dockerignore_lets_in_what_the_dockerfile_copies() -> None:
    copies = [arguments.split() for keyword, arguments in dockerfile() if keyword == "COPY"]
    sources = [word for words in copies for word in words[:-1] if not word.startswith("--")]
    assert {"pyproject.toml", "bot/", "migrations/"} <= set(sources)
    for source in sources:
        assert not ignored(source.rstrip("/")), f"{source} is copied but ignored"
    assert not ignored("bot/storage/migrate.py") and not ignored("migrations/env.py")
