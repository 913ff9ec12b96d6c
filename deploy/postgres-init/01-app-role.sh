#!/bin/sh
# The bot's own database role, greedbot_app: it logs in with APP_DB_PASSWORD and owns
# nothing. `greedbot migrate --grant greedbot_app` (the migrate service in
# docker-compose.yml) then lets it read and append the event log and keep the bot's other
# tables, and nothing more.
#
# PostgreSQL's image runs this once, when it starts on an empty data volume. An existing
# database makes the role by hand: see the README ("Upgrade").
set -e
: "${APP_DB_PASSWORD:?set APP_DB_PASSWORD in .env}"

psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
    -v app_password="$APP_DB_PASSWORD" <<'SQL'
CREATE ROLE greedbot_app LOGIN PASSWORD :'app_password';
SQL
