// electron-builder configuration for the dealer console: Windows (NSIS installer) and macOS (DMG).
// Build each platform on its own OS (a CI matrix): the ffmpeg binaries below are the build machine's.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** ffmpeg and ffprobe from the optional binary packages, when this machine installed them (their installs
 * download, so offline machines have none; the console then uses FFMPEG_PATH/FFPROBE_PATH or the PATH). */
function bundledFfmpeg() {
  const exe = process.platform === 'win32' ? '.exe' : '';
  const found = [];
  try {
    const ffmpeg = require('ffmpeg-static');
    if (typeof ffmpeg === 'string' && existsSync(ffmpeg))
      found.push({ from: ffmpeg, to: `ffmpeg/ffmpeg${exe}` });
  } catch {
    // not installed
  }
  try {
    const ffprobe = require('ffprobe-static').path;
    if (typeof ffprobe === 'string' && existsSync(ffprobe))
      found.push({ from: ffprobe, to: `ffmpeg/ffprobe${exe}` });
  } catch {
    // not installed
  }
  return found;
}

/** @type {import('electron-builder').Configuration} */
export default {
  appId: 'com.autoreel.dealer-console',
  productName: 'AutoReel Dealer Console',
  copyright: 'Copyright © AutoReel',
  directories: { output: 'dist', buildResources: 'build' },
  // electron-vite's output; workspace packages are bundled into it, so only native/runtime modules ship.
  files: ['out/**/*', 'package.json'],
  // The keychain binding is a native module: it cannot load from inside the asar archive.
  asarUnpack: ['**/*.node'],
  extraResources: bundledFfmpeg(),
  // autoreel://cars/{id} opens the car in the console.
  protocols: [{ name: 'AutoReel car link', schemes: ['autoreel'] }],
  // The prebuilt keyring binary matches Electron's Node-API; nothing to compile.
  npmRebuild: false,
  win: {
    target: [{ target: 'nsis', arch: ['x64', 'arm64'] }],
  },
  nsis: {
    oneClick: false,
    perMachine: false,
    allowToChangeInstallationDirectory: true,
    createDesktopShortcut: true,
    shortcutName: 'AutoReel Dealer Console',
  },
  mac: {
    target: [{ target: 'dmg', arch: ['x64', 'arm64'] }],
    category: 'public.app-category.business',
    // Notarisation requires the hardened runtime; the console needs no extra entitlements (no JIT plugins,
    // no camera or microphone).
    hardenedRuntime: true,
  },
  dmg: {
    title: 'AutoReel Dealer Console',
  },
};
