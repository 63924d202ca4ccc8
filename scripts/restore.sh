#!/usr/bin/env bash
# Restores a backup made by scripts/backup.sh into an empty database and an empty media folder or bucket. Stop the API
# and worker processes first; start them on the restored data afterwards.
#
#   DATABASE_URL=postgres://.../autoreel_restored AUTOREEL_DATA_DIR=/srv/autoreel npm run restore -- /backups/2026-11-29
set -euo pipefail
cd "$(dirname "$0")/.."
from=${1:?usage: scripts/restore.sh <backup folder>}
: "${DATABASE_URL:?set DATABASE_URL (an empty Postgres database to restore into)}"
[[ -f $from/database.dump ]] || { echo "restore: $from/database.dump is missing" >&2; exit 1; }

# Never over a live site: a database with tables in it is refused.
tables=$(psql "$DATABASE_URL" -XAtc "select count(*) from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')")
if [[ $tables != 0 ]]; then
  echo "restore: the database already has $tables tables; restore into an empty one" >&2
  exit 1
fi
pg_restore --no-owner --no-acl --exit-on-error --single-transaction --dbname "$DATABASE_URL" "$from/database.dump"

if [[ ${MEDIA_STORAGE:-local} == s3 ]]; then
  node apps/api/scripts/media-bucket.ts upload "$from/media"
else
  media=${AUTOREEL_DATA_DIR:-.data}/media
  if [[ -d $media ]] && [[ -n $(ls -A "$media") ]]; then
    echo "restore: $media is not empty; restore into an empty media folder" >&2
    exit 1
  fi
  mkdir -p "$media"
  cp -a "$from/media/." "$media/"
fi
echo "restore: restored $from"
