import { lazy, Suspense, useState } from 'react';
import {
  placeholderConversationMessage,
  SCHEDULE_TEST_DRIVE_TITLE,
  whatsappChatLink,
  type ContactPurpose,
} from '@autoreel/core';
import { Button } from '../kit/Button.tsx';
import { ChatIcon, PhoneIcon, StoreIcon } from '../kit/icons.tsx';
import { rememberIntent, useResumeIntent, type IntentAction } from '../state/intent.ts';
import { useNavigation } from '../state/navigation.ts';
import { useSession, whenSessionRead } from '../state/session.ts';
import type { DetailCar } from '../cars/car-queries.ts';
import { isPrivateListing } from './detail-car.ts';
import styles from './CarDetail.module.css';

// The sheet, the form, the dealer's store and the login prompt load on first use, so the detail page's first paint
// (and the work of taking it over on a slow phone) stays light.
const ContactDealerForm = lazy(() =>
  import('./ContactDealerForm.tsx').then((m) => ({ default: m.ContactDealerForm })),
);
const DealerProfile = lazy(() => import('./DealerProfile.tsx').then((m) => ({ default: m.DealerProfile })));
const LoginPrompt = lazy(() =>
  import('../accounts/LoginPrompt.tsx').then((m) => ({ default: m.LoginPrompt })),
);

type Overlay = ContactPurpose | 'dealer' | 'login' | null;

/** One word for each act, everywhere: Message (in the app, asks to sign in), Call and WhatsApp (no account). */
export const CONTACT_ACTS = { message: 'Message', call: 'Call', whatsapp: 'WhatsApp' } as const;

/** What the login prompt says for each action that asks for it here. */
export const CONTACT_LOGIN_PROMPTS: Partial<Record<IntentAction, string>> = {
  contact: 'Please login to contact the seller about this car.',
  'test-drive': 'Please login to schedule a test drive of this car.',
  review: 'Please login to review this dealer.',
};

/**
 * The detail page's ways to reach the seller. The contact bar (sticky at the foot of a phone's screen) holds
 * Message, which opens the Contact Dealer form (a signed-out visitor is asked to log in first, as liking does),
 * and Call and WhatsApp, plain links that need no account. Schedule Test Drive opens the same form for a drive;
 * 'Visit dealer store' the dealer's public profile over the page.
 */
export function ContactActions({ car, carId }: { car: DetailCar; carId: string }) {
  const status = useSession((s) => s.status);
  const signedIn = status === 'authenticated';
  const showLogin = useNavigation((s) => s.showLogin);
  const [overlay, setOverlay] = useState<Overlay>(null);
  const [asked, setAsked] = useState<IntentAction>('contact');
  const phone = car.dealerPhone || car.sellerPhone;
  const hasStore = !!car.dealerId && !isPrivateListing(car);
  const close = () => setOverlay(null);
  const loginFor = (action: IntentAction) => {
    rememberIntent({ action, carId });
    setAsked(action);
    setOverlay('login');
  };
  const openForm = (purpose: ContactPurpose, authenticated: boolean) => {
    if (authenticated) setOverlay(purpose);
    else loginFor(purpose === 'test-drive' ? 'test-drive' : 'contact');
  };
  // A tap made while the stored session is still being read (right after the page started) waits for it: a
  // signed-in buyer gets the form, not a login prompt.
  const [waiting, setWaiting] = useState<ContactPurpose | null>(null);
  const ask = (purpose: ContactPurpose) => {
    if (status === 'loading') setWaiting(purpose);
    whenSessionRead((read) => {
      setWaiting(null);
      openForm(purpose, read === 'authenticated');
    });
  };
  // Back from signing in for one of these, the form (or the dealer's reviews) opens as asked.
  useResumeIntent(['contact', 'test-drive', 'review'], carId, signedIn, ({ action }) =>
    setOverlay(action === 'review' ? 'dealer' : action === 'test-drive' ? 'test-drive' : 'enquiry'),
  );

  return (
    <>
      <div className={styles.contactBar} role="group" aria-label="Contact the seller">
        <button
          type="button"
          className={styles.contactBarLink}
          onClick={() => ask('enquiry')}
          aria-busy={waiting === 'enquiry' || undefined}
        >
          <ChatIcon size={18} /> {CONTACT_ACTS.message}
        </button>
        {phone ? (
          <>
            <a className={styles.contactBarLink} href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
              <PhoneIcon size={18} /> {CONTACT_ACTS.call}
            </a>
            <a
              className={styles.contactBarLink}
              href={whatsappChatLink(phone, placeholderConversationMessage(car))}
              target="_blank"
              rel="noreferrer"
            >
              <ChatIcon size={18} /> {CONTACT_ACTS.whatsapp}
            </a>
          </>
        ) : null}
      </div>
      <Button
        variant="secondary"
        onClick={() => ask('test-drive')}
        aria-busy={waiting === 'test-drive' || undefined}
      >
        {SCHEDULE_TEST_DRIVE_TITLE}
      </Button>
      {hasStore ? (
        <Button variant="secondary" icon={<StoreIcon size={18} />} onClick={() => setOverlay('dealer')}>
          Visit dealer store
        </Button>
      ) : null}
      <Suspense fallback={null}>
        {overlay === 'enquiry' || overlay === 'test-drive' ? (
          <ContactDealerForm key={overlay} car={car} carId={carId} purpose={overlay} onClose={close} />
        ) : null}
        {overlay === 'dealer' && car.dealerId ? (
          <DealerProfile
            dealerId={car.dealerId}
            carId={carId}
            signedIn={signedIn}
            onClose={close}
            onLoginRequired={() => loginFor('review')}
          />
        ) : null}
        {overlay === 'login' ? (
          <LoginPrompt
            open
            message={CONTACT_LOGIN_PROMPTS[asked]}
            onOpenChange={(open) => !open && close()}
            onLogin={() => {
              close();
              showLogin();
            }}
          />
        ) : null}
      </Suspense>
    </>
  );
}
