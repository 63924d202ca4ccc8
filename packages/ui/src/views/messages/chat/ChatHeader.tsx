import { useState } from 'react';
import { Button, IconButton } from '../../../kit/Button.tsx';
import { AlertIcon, CheckIcon, ChevronLeftIcon, PhoneIcon } from '../../../kit/icons.tsx';
import { Avatar } from '../../../messaging/Avatar.tsx';
import styles from './Chat.module.css';
import { ReportDialog } from './ReportDialog.tsx';
import type { ChatPeer } from './useChatContext.ts';

/** Avatar or initial, name, 'Verified Dealer', the phone reveal and the report button (SPEC 2). */
export function ChatHeader({
  peer,
  conversationId,
  canReport,
  onBack,
}: {
  peer: ChatPeer;
  conversationId: string;
  canReport: boolean;
  onBack: () => void;
}) {
  const [phoneShown, setPhoneShown] = useState(false);
  const [reporting, setReporting] = useState(false);
  return (
    <header className={styles.header}>
      <IconButton label="Back to messages" onClick={onBack}>
        <ChevronLeftIcon />
      </IconButton>
      <Avatar name={peer.name} src={peer.avatar} size={40} />
      <div className={styles.who}>
        <h1 className={styles.name}>{peer.name}</h1>
        {peer.role === 'dealer' ? (
          <span className={styles.verified}>
            <CheckIcon size={12} /> Verified Dealer
          </span>
        ) : null}
      </div>
      <div className={styles.headerActions}>
        {phoneShown ? (
          peer.phone ? (
            <a className={styles.phone} href={`tel:${peer.phone}`}>
              {peer.phone}
            </a>
          ) : (
            <span className={styles.phone}>Not available</span>
          )
        ) : (
          <Button
            variant="ghost"
            size="sm"
            icon={<PhoneIcon size={16} />}
            onClick={() => setPhoneShown(true)}
          >
            <span className={styles.phoneLabel}>Show phone</span>
          </Button>
        )}
        {canReport ? (
          <IconButton label="Report conversation" onClick={() => setReporting(true)}>
            <AlertIcon size={18} />
          </IconButton>
        ) : null}
      </div>
      {canReport ? (
        <ReportDialog
          conversationId={conversationId}
          name={peer.name}
          open={reporting}
          onOpenChange={setReporting}
        />
      ) : null}
    </header>
  );
}
