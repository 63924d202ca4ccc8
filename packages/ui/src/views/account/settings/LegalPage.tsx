import type { LegalDocument } from './legal-documents.ts';
import styles from '../Account.module.css';

/** The privacy policy or the terms of service, as headed sections of plain paragraphs. */
export function LegalPage({ document }: { document: LegalDocument }) {
  return (
    <article className={styles.legal} aria-labelledby="legal-title">
      <header>
        <h2 id="legal-title" className={styles.sectionTitle}>
          {document.title}
        </h2>
        <p className={styles.muted}>Last updated {document.updated}</p>
      </header>
      <p>{document.summary}</p>
      {document.sections.map((section) => (
        <section key={section.heading}>
          <h3 className={styles.legalHeading}>{section.heading}</h3>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph.slice(0, 40)}>{paragraph}</p>
          ))}
        </section>
      ))}
    </article>
  );
}
