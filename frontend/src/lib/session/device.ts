/**
 * This browser's device key: random, made once and kept in localStorage (not cleared at sign-out), sent with each
 * sign-in so the server tells a device it has seen from a new one (apps/accounts/services/devices.py). It is not a
 * secret that signs anyone in: a sign-in still needs the password (and the second factor on a new device).
 */
const KEY = "device";

export function deviceKey(): string {
  let key = localStorage.getItem(KEY);
  if (!key || !/^[A-Za-z0-9_-]{22,64}$/.test(key)) {
    const bytes = crypto.getRandomValues(new Uint8Array(24));
    key = btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    localStorage.setItem(KEY, key);
  }
  return key;
}
