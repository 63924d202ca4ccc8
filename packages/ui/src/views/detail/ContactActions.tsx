import { lazy, Suspense, useState } from 'react';
import { CONTACT_DEALER_TITLE, SCHEDULE_TEST_DRIVE_TITLE, type ContactPurpose } from '@autoreel/core';
import { Button } from '../../components/Button.tsx';
import { ChatIcon, PhoneIcon } from '../../components/icons.tsx';
import { useNavigation } from '../../state/navigation.ts';
import { useSession } from '../../state/session.ts';
import { ContactSheet } from './ContactSheet.tsx';
import type { DetailCar } from './detail-car.ts';

// The form, the dealer's store and the login prompt load on first use, so the detail page's first paint stays light.
const ContactDealerForm = lazy(() =>
  import('./ContactDealerForm.tsx').then((m) => ({ default: m.ContactDealerForm })),
);
const DealerProfile = lazy(() =>
  import('../feed/DealerProfile.tsx').then((m) => ({ default: m.DealerProfile })),
);
const LoginPrompt = lazy(() => import('../feed/LoginPrompt.tsx').then((m) => ({ default: m.LoginPrompt })));

type Overlay = ContactPurpose | 'sheet' | 'dealer' | 'login' | null;

/**
 * The detail page's ways to reach the seller: Contact Dealer and Schedule Test Drive open the form modal (a
 * signed-out visitor is asked to log in first, as liking does), 'Call or WhatsApp' the bottom sheet, whose 'Visit
 * dealer store' opens the dealer's public profile over the page.
 */
export function ContactActions({ car, carId }: { car: DetailCar; carId: string }) {
  const signedIn = useSession((s) => s.status === 'authenticated');
  const showLogin = useNavigation((s) => s.showLogin);
  const [overlay, setOverlay] = useState<Overlay>(null);
  const close = () => setOverlay(null);
  const openForm = (purpose: ContactPurpose) => setOverlay(signedIn ? purpose : 'login');

  return (
    <>
      <Button icon={<ChatIcon size={18} />} onClick={() => openForm('enquiry')}>
        {CONTACT_DEALER_TITLE}
      </Button>
      <Button variant="secondary" onClick={() => openForm('test-drive')}>
        {SCHEDULE_TEST_DRIVE_TITLE}
      </Button>
      <Button variant="secondary" icon={<PhoneIcon size={18} />} onClick={() => setOverlay('sheet')}>
        Call or WhatsApp
      </Button>
      <ContactSheet
        car={car}
        open={overlay === 'sheet'}
        onOpenChange={(open) => setOverlay(open ? 'sheet' : null)}
        onVisitStore={() => setOverlay('dealer')}
      />
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
            onLoginRequired={() => setOverlay('login')}
          />
        ) : null}
        {overlay === 'login' ? (
          <LoginPrompt
            open
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
