#!/usr/bin/env bash
# What the test suite needs besides npm packages, on this project's kind of machine (Debian, root):
# PostgreSQL and MariaDB running (the suite creates and drops its own databases on them), and Debian's
# Chromium for the browser tests (Playwright never downloads a browser here), and Debian's nginx for the
# production-setup test, which runs its own nginx process with its own config (the system's is never
# started). Safe to run repeatedly.
set -euo pipefail

postgres_up() { pg_isready -h 127.0.0.1 -p 5432 >/dev/null 2>&1; }
mariadb_up() { mariadb-admin -h 127.0.0.1 -u root ping >/dev/null 2>&1; }

if ! postgres_up; then
  echo "Starting PostgreSQL..."
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql)" main start || true
fi
if ! mariadb_up; then
  echo "Starting MariaDB..."
  start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd || true
fi
for _ in $(seq 1 60); do postgres_up && mariadb_up && break; sleep 1; done
postgres_up || { echo "PostgreSQL is not reachable on 127.0.0.1:5432 (trust auth, database test)" >&2; exit 1; }
mariadb_up || { echo "MariaDB is not reachable on 127.0.0.1:3306 (root, empty password)" >&2; exit 1; }

if ! command -v chromium >/dev/null 2>&1; then
  echo "Installing Debian's Chromium for the browser tests..."
  apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium
fi
if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
  echo "Installing Debian's nginx for the production-setup test..."
  apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q nginx-light
fi
