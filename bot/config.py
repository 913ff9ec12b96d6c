"""Settings from the environment (and a `.env` file): database, Discord, defaults, logging."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


def default_data_dir() -> Path:
    """Where the embedded database lives: the user's data directory (XDG on Linux)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "greedbot"


LogLevel = Literal["DEBUG", "INFO", "WARNING", "ERROR"]

EXAMPLE_TOKEN = "your-bot-token-here"
"""The token .env.example ships: a `.env` copied from it whose token is not filled in yet."""

EXAMPLE_PASSWORD = "change-me-"
"""How every password .env.example ships begins: a database anyone who read the example can
log in to, so greedbot refuses to start on one."""


def placeholders(environment: Mapping[str, str]) -> list[str]:
    """The names of the variables still holding a placeholder of .env.example, in order."""
    return sorted(
        name
        for name, value in environment.items()
        if value == EXAMPLE_TOKEN or value.startswith(EXAMPLE_PASSWORD)
    )


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="GREEDBOT_",
        env_file=".env",
        env_nested_delimiter="__",
        extra="ignore",
        # An empty value is no value: docker-compose.yml hands the bot every setting as
        # `${NAME:-}`, empty when .env leaves it out, and the default must then hold.
        env_ignore_empty=True,
    )

    database_url: str | None = Field(
        default=None, validation_alias=AliasChoices("DATABASE_URL", "GREEDBOT_DATABASE_URL")
    )
    """SQLAlchemy URL; `postgresql://…` uses asyncpg. Unset: SQLite in the data directory."""
    discord_token: SecretStr | None = Field(
        default=None, validation_alias=AliasChoices("DISCORD_TOKEN", "GREEDBOT_DISCORD_TOKEN")
    )
    data_dir: Path = Field(default_factory=default_data_dir)
    locale: Literal["ja", "en"] = "ja"
    """The language of a new village (`/village config locale:` changes it per village)."""
    timezone: str = "Asia/Tokyo"
    """The time zone of a new village."""
    log_level: LogLevel = "INFO"
    shard_count: int | None = Field(
        default=None,
        ge=1,
        validation_alias=AliasChoices("DISCORD_SHARD_COUNT", "GREEDBOT_SHARD_COUNT"),
    )
    """Shards of the whole bot; with `shard_ids`, this process runs only those."""
    shard_ids: str | None = Field(
        default=None, validation_alias=AliasChoices("DISCORD_SHARD_IDS", "GREEDBOT_SHARD_IDS")
    )
    """Comma-separated shard numbers this process runs, e.g. `0,1`."""
    tick_seconds: float = Field(default=5.0, gt=0, le=60)
    """How often the bot looks for days to close and replies to send again."""
    verify_page_url: str = Field(
        default="",
        validation_alias=AliasChoices("VERIFY_PAGE_URL", "GREEDBOT_VERIFY_PAGE_URL"),
    )
    """Where the verifier page (web/verify/) is hosted; export and verify replies give it.
    Empty: they say to open web/verify/index.html from the repository."""

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper(cls, value: object) -> object:
        return value.strip().upper() if isinstance(value, str) else value

    @field_validator("shard_ids")
    @classmethod
    def _shard_list(cls, value: str | None) -> str | None:
        if value is None or not value.strip():
            return None
        for part in value.split(","):
            if not part.strip().isdigit():
                raise ValueError(f"shard ids are numbers separated by commas, not {value!r}")
        return value

    def token(self) -> str:
        """The Discord token without the spaces around it; "" when none is set."""
        return self.discord_token.get_secret_value().strip() if self.discord_token else ""

    def database(self) -> str:
        if self.database_url:
            return self.database_url
        return f"sqlite+aiosqlite:///{self.data_dir / 'greedbot.db'}"

    def shards(self) -> list[int] | None:
        """The shard numbers this process runs, or None for all of them."""
        if self.shard_ids is None:
            return None
        return [int(part) for part in self.shard_ids.split(",")]
