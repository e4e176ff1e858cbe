/**
 * What a tab in the background does with a new notification: a system notification (once the
 * browser allows it) and, for chat, a short sound, as the profile's switches say.
 */
import { type Notification, type NotificationPreferences } from '@crm/domain';

/** The permission is asked once per browser, on the first click after sign-in (browsers want a gesture). */
const ASKED_KEY = 'crm.notifications.permissionAsked';

function isTabInBackground(): boolean {
  return document.visibilityState === 'hidden' || !document.hasFocus();
}

export function askPermissionOnce(): void {
  if (typeof window.Notification === 'undefined' || window.Notification.permission !== 'default') return;
  if (localStorage.getItem(ASKED_KEY)) return;
  localStorage.setItem(ASKED_KEY, '1');
  void window.Notification.requestPermission();
}

/** A soft two-tone chime made on the spot (no sound file to load). */
function playChime(): void {
  const AudioContextClass = window.AudioContext as typeof AudioContext | undefined;
  if (!AudioContextClass) return;
  const context = new AudioContextClass();
  const gain = context.createGain();
  gain.gain.setValueAtTime(0.08, context.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + 0.4);
  gain.connect(context.destination);
  [880, 1320].forEach((frequency, index) => {
    const oscillator = context.createOscillator();
    oscillator.frequency.value = frequency;
    oscillator.connect(gain);
    oscillator.start(context.currentTime + index * 0.12);
    oscillator.stop(context.currentTime + 0.4);
  });
  setTimeout(() => void context.close(), 600);
}

export function alertInBackground(notification: Notification, preferences: NotificationPreferences, open: () => void): void {
  if (!isTabInBackground()) return;
  if (preferences.browser && typeof window.Notification !== 'undefined' && window.Notification.permission === 'granted') {
    // The tag makes several background tabs of this user show it once.
    const shown = new window.Notification(notification.title, { body: notification.body, tag: `crm-notification-${notification.id}` });
    shown.onclick = () => {
      window.focus();
      open();
      shown.close();
    };
  }
  const isChat = notification.kind === 'chat_message' || notification.kind === 'mention';
  if (isChat && preferences.chatSounds) playChime();
}
