#!/usr/bin/env bash
# Serves a throwaway real WordPress on loopback, to record its REST answers (see README.md beside this).
# Needs Debian's packages `wordpress php-cli php-mysql php-gd php-xml php-mbstring` and MariaDB running
# (root without a password on 127.0.0.1:3306, as on the test machines).
#   scripts/wordpress-recording/serve-wordpress.sh <folder> <port>
# Writes `login:application-password` to <folder>/credentials once the site answers; the server keeps
# running in the background (its pid in <folder>/php.pid).
set -euo pipefail
folder=${1:?folder}
port=${2:?port}
database=wp_recording
here=$(cd "$(dirname "$0")" && pwd)

rm -rf "$folder" && mkdir -p "$folder"
# Debian's copy links some files to system libraries: copy what the links point at.
cp -rL /usr/share/wordpress "$folder/site"
mkdir -p "$folder/site/wp-content/uploads"
mysql -uroot -h127.0.0.1 -e "DROP DATABASE IF EXISTS $database; CREATE DATABASE $database"

cat > "$folder/site/wp-config.php" <<PHP
<?php
define('DB_NAME', '$database');
define('DB_USER', 'root');
define('DB_PASSWORD', '');
define('DB_HOST', '127.0.0.1');
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', '');
// Application passwords need HTTPS unless the site says it is a local one.
define('WP_ENVIRONMENT_TYPE', 'local');
define('WP_HOME', 'http://127.0.0.1:$port');
define('WP_SITEURL', 'http://127.0.0.1:$port');
define('WP_CONTENT_DIR', __DIR__ . '/wp-content');
define('FS_METHOD', 'direct');
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_DEBUG', false);
\$table_prefix = 'wp_';
if (!defined('ABSPATH')) define('ABSPATH', __DIR__ . '/');
require_once ABSPATH . 'wp-settings.php';
PHP

# php -S has no rewrite rules: files are served as they are, every other path goes to index.php,
# as Apache's rules for pretty permalinks would do.
cat > "$folder/router.php" <<'PHP'
<?php
$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
$file = __DIR__ . '/site' . $path;
if ($path !== '/' && is_file($file) && substr($file, -4) !== '.php') return false;
if ($path !== '/' && is_file($file)) { chdir(dirname($file)); require $file; return true; }
$_SERVER['SCRIPT_NAME'] = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = __DIR__ . '/site/index.php';
chdir(__DIR__ . '/site');
require __DIR__ . '/site/index.php';
PHP

(cd "$folder/site" && setsid php -d upload_max_filesize=20M -d post_max_size=24M -S "127.0.0.1:$port" \
  "$folder/router.php" < /dev/null > "$folder/php.log" 2>&1 & echo $! > "$folder/php.pid")
sleep 1
php -d sendmail_path=/bin/true "$here/install-wordpress.php" "$folder/site" > "$folder/credentials"
echo "WordPress on http://127.0.0.1:$port, credentials in $folder/credentials"
