const { src, dest, parallel } = require('gulp');

// gulp 5 reads files as UTF-8 by default, which corrupts PNG bytes: copy them raw.
const binarySafe = { encoding: false };

/** Shared icons: icons/** -> dist/icons/** (credentials refer to them as file:../icons/...). */
function copySharedIcons() {
	return src('icons/**/*.{svg,png}', binarySafe).pipe(dest('dist/icons/'));
}

/** Icons kept beside a node: nodes/** -> dist/nodes/** (same relative path as the compiled node). */
function copyNodeIcons() {
	return src('nodes/**/*.{svg,png}', binarySafe).pipe(dest('dist/nodes/'));
}

/** Icons kept beside a credential: credentials/** -> dist/credentials/**. */
function copyCredentialIcons() {
	return src('credentials/**/*.{svg,png}', binarySafe).pipe(dest('dist/credentials/'));
}

exports['build:icons'] = parallel(copySharedIcons, copyNodeIcons, copyCredentialIcons);
