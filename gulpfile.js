const { src, dest } = require('gulp');

// gulp 5 reads files as UTF-8 by default, which corrupts PNG bytes: copy them raw.
const binarySafe = { encoding: false };

/**
 * Icons: icons/** -> dist/icons/** (the nodes and the credential refer to them as
 * file:../../icons/... and file:../icons/...). The codex files beside the nodes
 * (nodes/**\/*.node.json) are copied by tsc (tsconfig.build.json includes them).
 */
function copyIcons() {
	return src('icons/**/*.{svg,png}', binarySafe).pipe(dest('dist/icons/'));
}

exports['build:icons'] = copyIcons;
