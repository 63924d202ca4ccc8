import { createECDH, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt, decodeProtectedHeader, importJWK, jwtVerify } from 'jose';

/** One push message as the receiving device reads it: decrypted, with its headers and the VAPID claims checked. */
export interface ReceivedPush {
  path: string;
  payload: string;
  ttl: string | undefined;
  urgency: string | undefined;
  vapid: { aud: string; sub: string; exp: number };
}

/** A browser's push subscription for one device, as PushSubscription.toJSON() gives it. */
export interface DeviceSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

const b64u = (buffer: Buffer) => buffer.toString('base64url');

/**
 * Decrypts an aes128gcm body (RFC 8188 framing, RFC 8291 keys) as the user agent does: the header carries the
 * salt, record size and the sender's ephemeral public key; the keys come from ECDH with the device's private key
 * and the subscription's auth secret.
 */
export function decryptAes128gcm(
  body: Buffer,
  device: { privateKey: Buffer; publicKey: Buffer; auth: Buffer },
): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);
  if (records.length > recordSize) throw new Error('more than one record');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(device.privateKey);
  const shared = ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.publicKey, senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, device.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const plain = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then any zero padding.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end -= 1;
  if (plain[end] !== 2) throw new Error('no last-record delimiter');
  return plain.subarray(0, end).toString('utf8');
}

/** Checks the `Authorization: vapid t=..., k=...` header (RFC 8292): an ES256 JWT signed by the key it names. */
async function checkVapid(header: string | undefined, origin: string): Promise<ReceivedPush['vapid']> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match?.[1] || !match[2]) throw new Error('no vapid authorization');
  const token = match[1];
  const publicKey = Buffer.from(match[2], 'base64url');
  if (publicKey.length !== 65 || publicKey[0] !== 4)
    throw new Error('vapid key is not an uncompressed P-256 point');
  if (decodeProtectedHeader(token).alg !== 'ES256') throw new Error('vapid token is not ES256');
  const key = await importJWK(
    { kty: 'EC', crv: 'P-256', x: b64u(publicKey.subarray(1, 33)), y: b64u(publicKey.subarray(33)) },
    'ES256',
  );
  await jwtVerify(token, key, { audience: origin });
  const claims = decodeJwt(token);
  return { aud: String(claims.aud), sub: String(claims.sub), exp: Number(claims.exp) };
}

/** A key and self-signed certificate for 127.0.0.1, made with openssl: the receiver's TLS identity. */
export function receiverCertificate(): { certificate: string; key: string } {
  const dir = mkdtempSync(join(tmpdir(), 'push-receiver-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return {
      certificate: readFileSync(join(dir, 'cert.pem'), 'utf8'),
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A push service and the device behind it, on 127.0.0.1 over TLS with a certificate made for the test: it takes
 * RFC 8030 deliveries, checks VAPID, decrypts the payload with the device's keys and keeps what it read. `status`
 * sets what it answers next (201, or 404/410 for a gone subscription, 500 for a failing service). A certificate
 * made beforehand lets a server started earlier trust it (NODE_EXTRA_CA_CERTS).
 */
export async function startPushReceiver({ certificate, key } = receiverCertificate()): Promise<{
  origin: string;
  /** The receiver's certificate, for an https.Agent that trusts it. */
  certificate: string;
  received: ReceivedPush[];
  status: { next: number };
  newDevice(): DeviceSubscription;
  close(): Promise<void>;
}> {
  const devices = new Map<string, { privateKey: Buffer; publicKey: Buffer; auth: Buffer }>();
  const received: ReceivedPush[] = [];
  const status = { next: 201 };
  let origin = '';
  const server: Server = createServer({ cert: certificate, key }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const path = request.url ?? '';
        const device = devices.get(path);
        if (status.next !== 201 || !device) {
          response.writeHead(device ? status.next : 404).end();
          return;
        }
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const vapid = await checkVapid(request.headers.authorization, origin);
        const payload = decryptAes128gcm(Buffer.concat(chunks), device);
        received.push({
          path,
          payload,
          ttl: request.headers.ttl as string | undefined,
          urgency: request.headers.urgency as string | undefined,
          vapid,
        });
        response.writeHead(201, { location: `${path}/message` }).end();
      })().catch(() => response.writeHead(400).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    certificate,
    received,
    status,
    newDevice() {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${randomBytes(12).toString('hex')}`;
      devices.set(path, { privateKey: ecdh.getPrivateKey(), publicKey, auth });
      return { endpoint: `${origin}${path}`, keys: { p256dh: b64u(publicKey), auth: b64u(auth) } };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
