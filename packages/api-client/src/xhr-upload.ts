/** Upload progress as a fraction from 0 to 1. */
export type UploadProgress = (fraction: number) => void;

export interface XhrRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: BodyInit | undefined;
  signal: AbortSignal | undefined;
  onProgress: UploadProgress;
}

/** Sends one request through XMLHttpRequest, the one browser API that reports upload progress. */
export function sendWithXhr(request: XhrRequest): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.url);
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) request.onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      request.onProgress(1);
      resolve({ status: xhr.status, text: xhr.responseText });
    };
    xhr.onerror = () => reject(new Error('Network error'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    if (request.signal) {
      if (request.signal.aborted) {
        reject(new DOMException('Aborted', 'AbortError'));
        return;
      }
      request.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send((request.body ?? null) as XMLHttpRequestBodyInit | null);
  });
}
