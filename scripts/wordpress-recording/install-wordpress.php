<?php
// Installs the site, turns on pretty permalinks and creates an application password for the admin.
// Run by serve-wordpress.sh with the site's folder; prints `login:password` last.
define('WP_INSTALLING', true);
$_SERVER['HTTP_HOST'] = '127.0.0.1';
require_once $argv[1] . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
wp_install('Recording Site', 'editor', 'editor@example.com', true, '', 'recording-login-password');
update_option('permalink_structure', '/%postname%/');
$created = WP_Application_Passwords::create_new_application_password(1, array('name' => 'recorder'));
if (is_wp_error($created)) { fwrite(STDERR, $created->get_error_message() . "\n"); exit(1); }
echo 'editor:' . WP_Application_Passwords::chunk_password($created[0]) . "\n";
