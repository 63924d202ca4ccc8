#!/usr/bin/env bash
# Backs up a deployment into one folder: the database (pg_dump, custom format) and the media (the local media folder,
# or the S3 bucket with MEDIA_STORAGE=s3). Reads the server's own settings from the environment.
#
#   DATABASE_URL=postgres://... AUTOREEL_DATA_DIR=/srv/autoreel npm run backup -- /backups/2026-11-29
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: scripts/backup.sh <backup folder>}
: "${DATABASE_URL:?set DATABASE_URL (the Postgres database to back up)}"
mkdir -p "$out"
out=$(cd "$out" && pwd)

# The database first: media a row names is then already stored (uploads write the file before the row).
pg_dump --format=custom --no-owner --no-acl --file "$out/database.dump" "$DATABASE_URL"

if [[ ${MEDIA_STORAGE:-local} == s3 ]]; then
  node apps/api/scripts/media-bucket.ts download "$out/media"
else
  media=${AUTOREEL_DATA_DIR:-.data}/media
  mkdir -p "$out/media"
  if [[ -d $media ]]; then cp -a "$media/." "$out/media/"; fi
fi
printf 'created=%s\nmedia_storage=%s\n' "$(date -u +%FT%TZ)" "${MEDIA_STORAGE:-local}" >"$out/backup.info"
echo "backup: wrote $out ($(du -sh "$out" | cut -f1))"
