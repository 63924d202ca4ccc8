import { useState } from 'react';
import { Button, IconButton } from '../../../kit/Button.tsx';
import { CheckIcon, ChevronLeftIcon, PhoneIcon } from '../../../kit/icons.tsx';
import { Avatar } from '../../../messaging/Avatar.tsx';
import { BlockButton } from '../../../moderation/BlockButton.tsx';
import { ReportButton } from '../../../moderation/ReportButton.tsx';
import styles from './Chat.module.css';
import type { ChatPeer } from './useChatContext.ts';

/**
 * Avatar or initial, name, 'Verified Dealer', the phone reveal, and Report and Block once the conversation exists
 * (SPEC 2; issue 28: the report is one of the person, with a reason).
 */
export function ChatHeader({
  peer,
  canReport,
  onBack,
}: {
  peer: ChatPeer;
  canReport: boolean;
  onBack: () => void;
}) {
  const [phoneShown, setPhoneShown] = useState(false);
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
        {canReport && peer.id ? (
          <>
            <ReportButton targetType="user" targetId={peer.id} name={peer.name} compact />
            <BlockButton userId={peer.id} name={peer.name} compact />
          </>
        ) : null}
      </div>
    </header>
  );
}
