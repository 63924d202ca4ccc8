// electron-builder configuration for the dealer console: Windows (NSIS installer) and macOS (DMG).
// Build each platform on its own OS (a CI matrix); `--linux dir` packs the same app unpacked, to check this file.
import { createRequire } from 'node:module';

// The Electron the console is built and tested with (the root devDependency, hoisted): package.json ranges are
// not enough for electron-builder, which fetches that exact release's binaries unless electronDist names a copy.
const electronVersion = createRequire(import.meta.url)('electron/package.json').version;

/** @type {import('electron-builder').Configuration} */
export default {
  appId: 'com.autoreel.dealer-console',
  productName: 'AutoReel Dealer Console',
  electronVersion,
  copyright: 'Copyright © AutoReel',
  // The icons (icon.icns, icon.ico, icon.png) live with the other shared assets in resources/icons/desktop,
  // rendered from resources/icons/app-icon.svg by scripts/make-icons.ts.
  directories: { output: 'dist', buildResources: '../../resources/icons/desktop' },
  // electron-vite's output; workspace packages are bundled into it, so only native/runtime modules ship.
  files: ['out/**/*', 'package.json'],
  // The keychain binding is a native module: it cannot load from inside the asar archive.
  asarUnpack: ['**/*.node'],
  // ffmpeg and ffprobe staged for the target by scripts/stage-ffmpeg.ts, into resources/ffmpeg, where main looks
  // first after FFMPEG_PATH/FFPROBE_PATH. Without a staged folder the app ships without them and uses the PATH.
  // ${os} is the target (mac, win, linux); ${platform} would be the build machine's.
  extraResources: [
    {
      from: 'ffmpeg/${os}-${arch}',
      to: 'ffmpeg',
      filter: ['ffmpeg', 'ffprobe', 'ffmpeg.exe', 'ffprobe.exe'],
    },
  ],
  // autoreel://cars/{id} opens the car in the console.
  protocols: [{ name: 'AutoReel car link', schemes: ['autoreel'] }],
  // The prebuilt keyring binary matches Electron's Node-API; nothing to compile.
  npmRebuild: false,
  win: {
    target: [{ target: 'nsis', arch: ['x64', 'arm64'] }],
    icon: 'icon.ico',
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
    icon: 'icon.icns',
    // Notarisation requires the hardened runtime; the console needs no extra entitlements (no JIT plugins,
    // no camera or microphone).
    hardenedRuntime: true,
  },
  dmg: {
    title: 'AutoReel Dealer Console',
  },
  linux: {
    icon: 'icon.png',
    category: 'Office',
  },
};
