/**
 * The renderer's security settings, one place for every window: the page runs in its own JavaScript world
 * (contextIsolation), in Chromium's OS sandbox, without Node; webSecurity keeps same-origin rules on.
 */
export function secureWebPreferences(preload: string) {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    spellcheck: true,
  } as const;
}

/**
 * For the session's permission request handler: the console needs no camera, microphone, location or
 * notifications; it only writes to the clipboard (copy link).
 */
export function isAllowedPermission(permission: string): boolean {
  return permission === 'clipboard-sanitized-write';
}
