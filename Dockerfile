# greedbot: the Discord bot, for `docker compose up` (see docker-compose.yml and .env.example).
FROM python:3.11-slim

# A Japanese font from Debian for the standings picture (names and headings in kana and
# kanji); bot/chat/chart.py looks for "Noto Sans CJK JP" first. The IPAexGothic bundled
# with matplotlib-fontja is only the last resort: Noto Sans CJK also draws the Hangul and
# the Chinese characters that Discord display names may hold and IPAex lacks. It costs about
# 90 MB; fonts-ipaexfont-gothic (6 MB) is the smaller choice when that matters more.
RUN apt-get update \
    && apt-get install -y --no-install-recommends fonts-noto-cjk \
    && rm -rf /var/lib/apt/lists/*

# The bot's own user: no login shell, a home of its own for the data and matplotlib's cache.
RUN useradd --create-home --home-dir /home/greedbot --shell /usr/sbin/nologin \
        --user-group --uid 10001 greedbot \
    && mkdir -p /home/greedbot/data /home/greedbot/.cache/matplotlib \
    && chown -R greedbot:greedbot /home/greedbot

ENV PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    VIRTUAL_ENV=/opt/venv \
    PATH=/opt/venv/bin:$PATH \
    MPLCONFIGDIR=/home/greedbot/.cache/matplotlib \
    GREEDBOT_DATA_DIR=/home/greedbot/data

RUN python -m venv /opt/venv

WORKDIR /app

# The dependencies first, read from pyproject.toml alone: this layer is rebuilt only when
# pyproject.toml changes, not on every change to the source.
COPY pyproject.toml ./
RUN python -c "import tomllib; deps = tomllib.load(open('pyproject.toml', 'rb'))['project']['dependencies']; open('/tmp/requirements.txt', 'w').write('\n'.join(deps))" \
    && pip install --no-cache-dir -r /tmp/requirements.txt \
    && rm /tmp/requirements.txt \
    && chmod -R a+rX,go-w /opt/venv

# Then the source, installed in place (editable): bot/storage/migrate.py finds the Alembic
# scripts beside the package, at /app/migrations, so the package must stay at /app/bot.
# Compiled ahead of time, since the bot's user cannot write the .pyc files itself.
COPY README.md alembic.ini ./
COPY bot/ bot/
COPY migrations/ migrations/
RUN pip install --no-cache-dir -e /app \
    && python -m compileall -q /app/bot /app/migrations \
    && chmod -R a+rX,go-w /app

# Root owns /app and /opt/venv; the bot may read them, and write only in its home.
USER greedbot

# matplotlib's font cache, built once here instead of on the first standings picture.
RUN python -c "import matplotlib.font_manager"

# Bring the schema up to date, then become the bot (exec: it receives the stop signal).
# `docker compose run --rm bot greedbot …` replaces this command, e.g. for `discord sync`.
CMD ["sh", "-c", "greedbot migrate && exec greedbot discord run"]
