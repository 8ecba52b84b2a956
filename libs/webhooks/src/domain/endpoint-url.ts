import { isPrivateHost, ServiceError } from '@app/platform';

/** An endpoint URL must be http(s) and, unless allowed (D11.6), not private or loopback. */
export function checkEndpointUrl(value: string, allowPrivateTargets: boolean): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw ServiceError.invalidField('data.url', 'url must be a valid http(s) URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw ServiceError.invalidField('data.url', 'url must be a valid http(s) URL.');
  }
  if (!allowPrivateTargets && isPrivateHost(url.hostname)) {
    throw ServiceError.invalidField(
      'data.url',
      'url must not point to a private or loopback address',
    );
  }
}
