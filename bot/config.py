"""Settings from the environment (and a `.env` file): database, Discord token, data folder."""

from __future__ import annotations

import os
from pathlib import Path

from pydantic import AliasChoices, Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


def default_data_dir() -> Path:
    """Where the embedded database lives: the user's data directory (XDG on Linux)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "greedbot"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="GREEDBOT_",
        env_file=".env",
        env_nested_delimiter="__",
        extra="ignore",
    )

    database_url: str | None = Field(
        default=None, validation_alias=AliasChoices("DATABASE_URL", "GREEDBOT_DATABASE_URL")
    )
    """SQLAlchemy URL; `postgresql://…` uses asyncpg. Unset: SQLite in the data directory."""
    discord_token: SecretStr | None = Field(
        default=None, validation_alias=AliasChoices("DISCORD_TOKEN", "GREEDBOT_DISCORD_TOKEN")
    )
    data_dir: Path = Field(default_factory=default_data_dir)

    def database(self) -> str:
        if self.database_url:
            return self.database_url
        return f"sqlite+aiosqlite:///{self.data_dir / 'greedbot.db'}"
