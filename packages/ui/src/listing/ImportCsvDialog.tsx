import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  CAR_IMPORT_LIMITS,
  CAR_IMPORT_TOO_LARGE,
  carImportTemplate,
  countOf,
  groupDigits,
  type CarImportAnswer,
} from '@autoreel/core';
import { Button } from '../kit/Button.tsx';
import { Dialog } from '../kit/Dialog.tsx';
import { UploadIcon } from '../kit/icons.tsx';
import { useToast } from '../kit/Toast.tsx';
import { useApi } from '../platform/ApiProvider.tsx';
import { useHost } from '../platform/HostContext.tsx';
import type { PickedFile } from '../platform/host.ts';
import styles from './Wizard.module.css';

type ImportMode = 'valid' | 'all';
/** Errors listed in the dialog; the answer has them all, and a larger file says how many more there are. */
const SHOWN_ERRORS = 200;

/** What the dialog is doing: nothing yet, sending the file (its upload's share), or checking or importing it. */
type Busy = { kind: 'checking' | 'importing'; uploaded: number } | null;

/**
 * Import CSV in the inventory: download the template, choose a file, see every wrong row by line and column (a dry
 * run, nothing stored), then import the valid rows, or all of them or none, as drafts waiting for their video.
 */
export function ImportCsvButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" icon={<UploadIcon size={18} />} onClick={() => setOpen(true)}>
        Import CSV
      </Button>
      {open ? <ImportCsvDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ImportCsvDialog({ onClose }: { onClose: () => void }) {
  const { client } = useApi();
  const host = useHost();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<PickedFile | null>(null);
  const [checked, setChecked] = useState<CarImportAnswer | null>(null);
  const [mode, setMode] = useState<ImportMode>('valid');
  const [busy, setBusy] = useState<Busy>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const template = useMemo(
    () => URL.createObjectURL(new Blob([carImportTemplate()], { type: 'text/csv' })),
    [],
  );

  const send = async (chosen: PickedFile, dryRun: boolean, as: ImportMode) => {
    const form = new FormData();
    form.append('file', new File([chosen.blob], chosen.name, { type: 'text/csv' }));
    setBusy({ kind: dryRun ? 'checking' : 'importing', uploaded: 0 });
    setFailure(null);
    try {
      return await client.post('/cars/import', form, {
        query: { dryRun: dryRun ? 'true' : 'false', mode: as },
        onUploadProgress: (fraction: number) =>
          setBusy({ kind: dryRun ? 'checking' : 'importing', uploaded: fraction }),
      });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The file could not be sent. Please try again.');
      return null;
    } finally {
      setBusy(null);
    }
  };

  const choose = async () => {
    const [picked] = await host.pickFiles({ accept: '.csv,text/csv', multiple: false });
    if (!picked) return;
    setFile(picked);
    setChecked(null);
    if (picked.size > CAR_IMPORT_LIMITS.bytes) {
      setFailure(CAR_IMPORT_TOO_LARGE);
      return;
    }
    setChecked(await send(picked, true, mode));
  };

  const runImport = async () => {
    if (!file || !checked) return;
    const done = await send(file, false, mode);
    if (!done) return;
    void queryClient.invalidateQueries({ queryKey: ['cars'] });
    if (done.created === 0) {
      setChecked(done);
      setFailure('Nothing was imported: every row must be right for an all-or-nothing import.');
      return;
    }
    toast({
      title: `${countOf(done.created, 'car')} imported as drafts`,
      description: 'Add each car’s video to publish it.',
      tone: 'success',
    });
    onClose();
  };

  const importable = checked
    ? mode === 'valid'
      ? checked.valid
      : checked.errors.length === 0
        ? checked.valid
        : 0
    : 0;
  return (
    <Dialog
      open
      onOpenChange={(next) => !next && busy === null && onClose()}
      title="Import cars from a CSV"
      description="One car a row, in the template's columns. Photos and the video are added to each car afterwards: imported cars wait as drafts until they have their video."
    >
      <div className={styles.importBody}>
        <p className={styles.hint}>
          At most {groupDigits(CAR_IMPORT_LIMITS.rows)} cars and {CAR_IMPORT_LIMITS.bytes / 1024 / 1024} MB a
          file.{' '}
          <a href={template} download="autoreel-cars-template.csv">
            Download the template
          </a>
        </p>
        <div className={styles.importFile}>
          <Button variant="secondary" onClick={() => void choose()} disabled={busy !== null}>
            {file ? 'Choose another file' : 'Choose CSV file'}
          </Button>
          {file ? <span className={styles.fileName}>{file.name}</span> : null}
        </div>
        {busy ? (
          <p className={styles.hint} role="status">
            {busy.uploaded < 1
              ? `Sending the file ${Math.round(busy.uploaded * 100)}%`
              : busy.kind === 'checking'
                ? 'Checking every row…'
                : 'Importing…'}
          </p>
        ) : null}
        {failure ? (
          <p className={styles.error} role="alert">
            {failure}
          </p>
        ) : null}
        {checked && !busy ? <CheckResult checked={checked} /> : null}
        {checked && checked.valid > 0 && !busy ? (
          <fieldset className={styles.importModes}>
            <legend className={styles.sectionTitle}>Import</legend>
            <label>
              <input
                type="radio"
                name="import-mode"
                checked={mode === 'valid'}
                onChange={() => setMode('valid')}
              />
              The {countOf(checked.valid, 'valid row')}; skip the rows with errors
            </label>
            <label>
              <input
                type="radio"
                name="import-mode"
                checked={mode === 'all'}
                onChange={() => setMode('all')}
              />
              All or nothing: only if every row is right
            </label>
          </fieldset>
        ) : null}
        <div className={styles.nav}>
          <Button variant="secondary" onClick={onClose} disabled={busy !== null}>
            Cancel
          </Button>
          <Button
            onClick={() => void runImport()}
            disabled={!checked || importable === 0}
            loading={busy?.kind === 'importing'}
          >
            {importable > 0 ? `Import ${countOf(importable, 'car')}` : 'Import'}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/** The dry run's outcome: how many rows are ready, and each wrong cell by line and column. */
function CheckResult({ checked }: { checked: CarImportAnswer }) {
  if (checked.rows === 0)
    return (
      <p className={styles.error} role="alert">
        The file has no cars under its header line.
      </p>
    );
  const shown = checked.errors.slice(0, SHOWN_ERRORS);
  return (
    <div className={styles.importResult}>
      <p role="status">
        {countOf(checked.rows, 'row')}: {groupDigits(checked.valid)} ready
        {checked.errors.length > 0 ? `, ${countOf(checked.rows - checked.valid, 'row')} with errors` : ''}
      </p>
      {shown.length > 0 ? (
        <div className={styles.importErrors}>
          <table aria-label="Rows with errors">
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Column</th>
                <th scope="col">Problem</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((error, index) => (
                <tr key={`${error.line}-${error.column ?? ''}-${index}`}>
                  <td>{error.line}</td>
                  <td>{error.column ?? '—'}</td>
                  <td>{error.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {checked.errors.length > shown.length ? (
            <p className={styles.hint}>
              And {countOf(checked.errors.length - shown.length, 'more error')}: fix these and check again.
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
