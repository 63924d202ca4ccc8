import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { POPULAR_MAKES, quickYears } from '@autoreel/core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryDraftStore } from '../platform/draft-store.ts';
import type { Host, PickedFile } from '../platform/host.ts';
import {
  fail,
  memoryHost,
  ok,
  startTestApi,
  type TestApiServer,
} from '../testing/api-server.test-support.ts';
import { TestProviders } from '../testing/providers.tsx';
import { resetNavigation } from '../state/navigation.ts';
import { AddCarWizard } from './AddCarWizard.tsx';
import type { WizardFields } from './wizard-fields.ts';
import { filledWizardFields } from './wizard-fields.test-support.ts';

let api: TestApiServer;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.calls.length = 0;
  resetNavigation();
});
afterEach(() => cleanup());

const videoFile = (overrides: Partial<PickedFile> = {}): PickedFile => {
  const blob = new Blob([new Uint8Array([0, 0, 0, 24, 102, 116, 121, 112, 109, 112, 52, 50])], {
    type: 'video/mp4',
  });
  return { name: 'walkaround.mp4', type: 'video/mp4', size: blob.size, blob, ...overrides };
};

const photoFile = (name: string): PickedFile => {
  const type = name.endsWith('.png') ? 'image/png' : 'image/jpeg';
  const blob = new Blob([new Uint8Array([255, 216, 255])], { type });
  return { name, type, size: blob.size, blob };
};

/** A host whose photo picker answers `photos` and whose video picker answers the test clip. */
const pickerWithPhotos = (...photos: PickedFile[]): Partial<Host> => ({
  pickFiles: (options) => Promise.resolve(options?.accept?.startsWith('image') ? photos : [videoFile()]),
});

function renderWizard(
  options: {
    host?: Partial<Host>;
    store?: ReturnType<typeof memoryDraftStore>;
    onDone?: (carId: string) => void;
  } = {},
) {
  const { host } = memoryHost({ tokens: { accessToken: 'access-1', refreshToken: 'refresh-1' } });
  const merged: Host = { ...host, pickFiles: () => Promise.resolve([videoFile()]), ...options.host };
  const store = options.store ?? memoryDraftStore();
  const user = userEvent.setup();
  const view = render(
    <TestProviders host={merged} baseUrl={api.baseUrl}>
      <AddCarWizard draftStore={store} onDone={options.onDone} />
    </TestProviders>,
  );
  return { user, store, view };
}

/** A store holding a draft at `step`; the video is never part of a draft. */
const draftAt = (step: number, fields: Partial<WizardFields> = {}) =>
  memoryDraftStore({ 'add-car:guest': { version: 1, step, fields: filledWizardFields(fields) } });

const stepHeading = (step: number, name: string) =>
  screen.findByRole('heading', { name: `Step ${step} of 5: ${name}` });

async function dialogSays(title: string, message: string | RegExp) {
  const dialog = await screen.findByRole('dialog', { name: title });
  expect(within(dialog).getByText(message)).toBeTruthy();
  return dialog;
}

/** A step's refusal, said inline beside Next: no dialog to close. */
async function inlineSays(title: string, message: string) {
  const alert = await screen.findByText(title, { selector: '[role="alert"] strong' });
  expect(alert.closest('[role="alert"]')?.textContent).toBe(`${title} ${message}`);
  expect(screen.queryByRole('dialog')).toBeNull();
}

async function closeDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

const group = (name: string) => screen.getByRole('group', { name });

describe('AddCarWizard step 1 (Media)', () => {
  it('needs a video before Next, and refuses files that are not videos', async () => {
    let picked: PickedFile[] = [videoFile({ name: 'brochure.pdf', type: 'application/pdf' })];
    const { user } = renderWizard({ host: { pickFiles: () => Promise.resolve(picked) } });
    await stepHeading(1, 'Media');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await inlineSays('Video Required', 'Please add a video to showcase your car');

    await user.click(screen.getByRole('button', { name: 'Choose Video' }));
    await inlineSays('Invalid File Type', 'Please upload a video file (MP4, MOV, etc.)');
    expect(screen.getByRole('button', { name: 'Choose Video' })).toBeTruthy();

    picked = [videoFile()];
    await user.click(screen.getByRole('button', { name: 'Choose Video' }));
    expect(await screen.findByText(/Video ready/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await stepHeading(2, 'Basic Info');
  });

  it('shows preparation progress, can cancel it, and shows the host error with a retry', async () => {
    let progress: ((fraction: number) => void) | undefined;
    let finish: (() => void) | undefined;
    let attempts = 0;
    const prepareVideo: Host['prepareVideo'] = (file, onProgress, signal) => {
      attempts += 1;
      if (attempts === 2) return Promise.reject(new Error('The video must be 3 to 180 seconds long'));
      progress = onProgress;
      return new Promise((resolve, reject) => {
        finish = () => resolve({ file: { ...file, name: 'walkaround.prepared.mp4' }, transformed: true });
        signal?.addEventListener('abort', () => reject(new DOMException('cancelled', 'AbortError')));
      });
    };
    const { user } = renderWizard({ host: { prepareVideo } });
    await user.click(await screen.findByRole('button', { name: 'Choose Video' }));
    expect(await screen.findByText('Preparing video…')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    progress?.(0.42);
    expect(await screen.findByText('Preparing video 42%')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Choose Video' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Choose Video' }));
    expect(await screen.findByText('The video must be 3 to 180 seconds long')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await inlineSays('Video Required', 'Please add a video to showcase your car');

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    finish?.();
    expect(await screen.findByText(/Video ready .* optimised for streaming/)).toBeTruthy();
  });

  it('stops a running preparation when the wizard closes', async () => {
    let signal: AbortSignal | undefined;
    const prepareVideo: Host['prepareVideo'] = (_file, _onProgress, abort) => {
      signal = abort;
      return new Promise(() => undefined);
    };
    const { user, view } = renderWizard({ host: { prepareVideo } });
    await user.click(await screen.findByRole('button', { name: 'Choose Video' }));
    await screen.findByText('Preparing video…');
    expect(signal?.aborted).toBe(false);
    view.unmount();
    expect(signal?.aborted).toBe(true);
  });

  it('keeps optional photos and refuses other files among them', async () => {
    const notes = { ...photoFile('notes.txt'), type: 'text/plain' };
    const { user } = renderWizard({ host: pickerWithPhotos(photoFile('front.jpg'), notes) });
    await user.click(await screen.findByRole('button', { name: 'Add Photos' }));
    expect(await screen.findByText('front.jpg')).toBeTruthy();
    expect(screen.queryByText('notes.txt')).toBeNull();
    expect(screen.getByText('Only photos (JPG, PNG, WebP or GIF) can be added.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove front.jpg' }));
    expect(screen.queryByText('front.jpg')).toBeNull();
  });
});

describe('AddCarWizard step 2 (Basic Info)', () => {
  it('shows every required-field message and a bad year', async () => {
    const { user } = renderWizard({
      store: draftAt(2, { make: '', model: '', year: '1899', exteriorColor: '', interiorColor: '' }),
    });
    await stepHeading(2, 'Basic Info');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Make is required')).toBeTruthy();
    expect(screen.getByText('Model is required')).toBeTruthy();
    expect(screen.getByText('Please enter a valid year')).toBeTruthy();
    expect(screen.getByText('Exterior colour is required')).toBeTruthy();
    expect(screen.getByText('Interior colour is required')).toBeTruthy();
    await stepHeading(2, 'Basic Info');
    // Choosing a make clears its message only.
    await user.click(within(group('Popular brands')).getByRole('button', { name: 'Audi' }));
    expect(screen.queryByText('Make is required')).toBeNull();
    expect(screen.getByText('Please enter a valid year')).toBeTruthy();

    const year = new Date().getFullYear();
    await user.clear(screen.getByLabelText('Year'));
    await user.type(screen.getByLabelText('Year'), String(year + 2));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please enter a valid year')).toBeTruthy();
  });

  it('lists popular brands first, offers 15 quick years, and a new make clears a model that is not its own', async () => {
    const { user } = renderWizard({ store: draftAt(2, { make: '', model: '', year: '' }) });
    await stepHeading(2, 'Basic Info');
    const popular = within(group('Popular brands'))
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(popular).toEqual([...POPULAR_MAKES]);
    const years = within(group('Quick years'))
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(years).toEqual(quickYears(new Date()).map(String));

    await user.click(within(group('Popular brands')).getByRole('button', { name: 'Toyota' }));
    await user.click(within(group('Toyota models')).getByRole('button', { name: 'Hilux' }));
    expect(
      within(group('Toyota models')).getByRole('button', { name: 'Hilux' }).getAttribute('aria-pressed'),
    ).toBe('true');
    await user.click(within(group('Popular brands')).getByRole('button', { name: 'BMW' }));
    expect(within(group('BMW models')).queryAllByRole('button', { pressed: true })).toHaveLength(0);

    await user.click(
      within(group('Quick years')).getByRole('button', { name: String(new Date().getFullYear() - 3) }),
    );
    expect(screen.getByLabelText<HTMLInputElement>('Year').value).toBe(String(new Date().getFullYear() - 3));
    await user.click(within(group('BMW models')).getByRole('button', { name: 'X5' }));
    await user.click(within(group('Exterior colour')).getByRole('button', { name: 'Blue' }));
    await user.click(within(group('Interior colour')).getByRole('button', { name: 'Tan' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await stepHeading(3, 'Pricing');
  });

  it('adds a custom make and model, refusing empty ones and reusing an existing spelling', async () => {
    const { user, store } = renderWizard({ store: draftAt(2, { make: '', model: '' }) });
    await stepHeading(2, 'Basic Info');
    await user.click(screen.getByRole('button', { name: 'Add Make' }));
    expect(await screen.findByText('Make cannot be empty')).toBeTruthy();

    await user.type(screen.getByLabelText('Other make'), '  Tata  ');
    await user.click(screen.getByRole('button', { name: 'Add Make' }));
    expect(
      within(group('More makes')).getByRole('button', { name: 'Tata' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(screen.getByText('No models listed for Tata: add the model below.')).toBeTruthy();

    await user.type(screen.getByLabelText('Other model'), '   ');
    await user.click(screen.getByRole('button', { name: 'Add Model' }));
    expect(await screen.findByText('Model cannot be empty')).toBeTruthy();
    await user.clear(screen.getByLabelText('Other model'));
    await user.type(screen.getByLabelText('Other model'), 'Nexon{Enter}');
    expect(
      within(group('Tata models')).getByRole('button', { name: 'Nexon' }).getAttribute('aria-pressed'),
    ).toBe('true');

    // An existing make typed in another case is selected, not added twice.
    await user.type(screen.getByLabelText('Other make'), 'toyota{Enter}');
    expect(
      within(group('Popular brands')).getByRole('button', { name: 'Toyota' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(within(group('More makes')).queryByRole('button', { name: 'toyota' })).toBeNull();
    // The custom make stays on offer, with its model, after switching away.
    await user.click(within(group('More makes')).getByRole('button', { name: 'Tata' }));
    expect(within(group('Tata models')).getByRole('button', { name: 'Nexon' })).toBeTruthy();
    await waitFor(() =>
      expect(store.entries.get('add-car:guest')).toMatchObject({
        fields: { make: 'Tata', customMakes: ['Tata'], customModels: { Tata: ['Nexon'] } },
      }),
    );
  });
});

describe('AddCarWizard step 3 (Pricing)', () => {
  it("reads 'Contact for price' when empty or 0 and refuses a negative price", async () => {
    const { user } = renderWizard({ store: draftAt(3, { price: '' }) });
    await stepHeading(3, 'Pricing');
    expect(screen.getByTestId('price-preview').textContent).toBe('Contact for price');
    await user.type(screen.getByLabelText('Price'), '0');
    expect(screen.getByTestId('price-preview').textContent).toBe('Contact for price');
    await user.clear(screen.getByLabelText('Price'));
    await user.type(screen.getByLabelText('Price'), '-5');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Price cannot be negative')).toBeTruthy();
    await user.clear(screen.getByLabelText('Price'));
    expect(screen.queryByText('Price cannot be negative')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await stepHeading(4, 'Details');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await stepHeading(3, 'Pricing');
  });
});

describe('AddCarWizard step 4 (Details)', () => {
  it('needs a mileage and a description of at least 20 characters', async () => {
    const { user } = renderWizard({ store: draftAt(4, { mileage: '', description: '' }) });
    await stepHeading(4, 'Details');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Mileage is required')).toBeTruthy();
    expect(screen.getByText('Description is required')).toBeTruthy();

    await user.type(screen.getByLabelText('Mileage (km)'), '-1');
    await user.type(screen.getByLabelText('Description'), 'Runs well.');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Mileage cannot be negative')).toBeTruthy();
    expect(
      screen.getByText('Description must be at least 20 characters long for a quality listing'),
    ).toBeTruthy();
    expect(screen.getByText('10/20 characters minimum')).toBeTruthy();
  });

  it('asks for make, model and year before generating with AI', async () => {
    const { user } = renderWizard({ store: draftAt(4, { model: '' }) });
    await stepHeading(4, 'Details');
    await user.click(screen.getByRole('button', { name: 'Generate with AI' }));
    await inlineSays('Missing Information', 'Please fill in make, model, and year first');
    expect(api.calls.some((c) => c.path === '/ai/generate-listing')).toBe(false);
  });

  it('fills the description and ticks suggested features from the generated listing', async () => {
    api.on(
      'POST /ai/generate-listing',
      ok({
        description: 'This 2021 Toyota Hilux in White is a Used car ready for work.',
        features: ['Tow Bar', 'bluetooth'],
      }),
    );
    const { user } = renderWizard({ store: draftAt(4, { description: '' }) });
    await stepHeading(4, 'Details');
    await user.click(screen.getByRole('button', { name: 'Generate with AI' }));
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLTextAreaElement>('Description').value).toBe(
        'This 2021 Toyota Hilux in White is a Used car ready for work.',
      ),
    );
    expect(api.calls.find((c) => c.path === '/ai/generate-listing')?.body).toEqual({
      make: 'Toyota',
      model: 'Hilux',
      year: 2021,
      mileage: 45000,
      condition: 'Used',
      color: 'White',
      fuelType: 'Petrol',
      transmission: 'Automatic',
      bodyType: 'Sedan',
    });
    expect(screen.getByText(/2 suggested features were ticked/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await stepHeading(5, 'Features');
    // Bluetooth was already chosen: the suggestion in another case does not add it twice.
    expect(screen.getAllByRole('button', { pressed: true }).map((b) => b.textContent)).toEqual([
      'Bluetooth',
      'Tow Bar',
    ]);
  });

  it('shows the SPEC message when generation fails, and keeps the description', async () => {
    api.on('POST /ai/generate-listing', fail(500, 'Provider down'));
    const { user } = renderWizard({ store: draftAt(4) });
    await stepHeading(4, 'Details');
    await user.click(screen.getByRole('button', { name: 'Generate with AI' }));
    await inlineSays('AI Generation Failed', 'Failed to generate AI listing. Please try again.');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Description').value).toBe(
      'One careful owner, full service history at Toyota.',
    );
  });

  it('improves the description with AI and reports a failed improvement', async () => {
    api.on(
      'POST /ai/enhance-description',
      ok({ description: 'One careful owner. Full service history at Toyota.' }),
    );
    const { user } = renderWizard({ store: draftAt(4) });
    await stepHeading(4, 'Details');
    await user.click(screen.getByRole('button', { name: 'Improve with AI' }));
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLTextAreaElement>('Description').value).toBe(
        'One careful owner. Full service history at Toyota.',
      ),
    );
    expect(api.calls.find((c) => c.path === '/ai/enhance-description')?.body).toMatchObject({
      description: 'One careful owner, full service history at Toyota.',
      carData: { make: 'Toyota', model: 'Hilux', year: 2021, mileage: 45000, features: ['Bluetooth'] },
    });

    api.on('POST /ai/enhance-description', fail(503, 'Busy'));
    await user.click(screen.getByRole('button', { name: 'Improve with AI' }));
    await inlineSays('AI Enhancement Failed', 'Failed to enhance the description. Please try again.');
  });
});

describe('AddCarWizard step 5 (Features)', () => {
  it('adds trimmed custom features once, maps catalogue names to their chip, and refuses blanks', async () => {
    const { user, store } = renderWizard({ store: draftAt(5, { features: [] }) });
    await stepHeading(5, 'Features');
    await user.click(within(group('Comfort')).getByRole('button', { name: 'Heated Seats' }));
    expect(screen.getByText('1 selected')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add Feature' }));
    expect(await screen.findByText('Please enter a feature')).toBeTruthy();
    await user.type(screen.getByLabelText('Add a feature'), '  Full service history  {Enter}');
    expect(
      within(screen.getByRole('list', { name: 'Your own features' })).getByText('Full service history'),
    ).toBeTruthy();
    await user.type(screen.getByLabelText('Add a feature'), 'FULL SERVICE HISTORY{Enter}');
    expect(await screen.findByText('This feature has already been added')).toBeTruthy();
    await user.clear(screen.getByLabelText('Add a feature'));
    await user.type(screen.getByLabelText('Add a feature'), 'bluetooth{Enter}');
    expect(
      within(group('Technology')).getByRole('button', { name: 'Bluetooth' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(screen.getByText('3 selected')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove Full service history' }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    await waitFor(() =>
      expect(store.entries.get('add-car:guest')).toMatchObject({
        fields: { features: ['Heated Seats', 'Bluetooth'] },
      }),
    );
  });

  it('previews the card and the page buyers will see before Submit Listing, uploading nothing', async () => {
    const { user } = renderWizard({ store: draftAt(5) });
    await stepHeading(5, 'Features');
    await user.click(screen.getByRole('button', { name: 'Preview Listing' }));
    const preview = await screen.findByRole('dialog', { name: 'Preview of your listing' });
    const card = within(preview).getByRole('article', { name: '2021 Toyota Hilux' });
    expect(within(card).getByText('E450,000')).toBeTruthy();
    expect(within(card).getByRole('list', { name: 'Specifications' }).textContent).toContain('45,000 km');
    // The card offers what buyers get (Message), not Compare: the listing is not a car yet.
    expect(within(card).queryByRole('button', { name: /compare/i })).toBeNull();
    const page = within(preview).getByTestId('listing-preview-page');
    expect(within(page).getByRole('heading', { name: '2021 Toyota Hilux' })).toBeTruthy();
    expect(within(page).getByText('One careful owner, full service history at Toyota.')).toBeTruthy();
    expect(within(page).getByRole('list', { name: 'Key specifications' }).textContent).toContain('2021');
    expect(api.calls).toEqual([]);
  });

  it('disables Submit below 20 trimmed characters', async () => {
    renderWizard({ store: draftAt(5, { description: '   Nineteen chars ok   ' }) });
    await stepHeading(5, 'Features');
    expect('Nineteen chars ok'.length).toBeLessThan(20);
    expect(screen.getByRole('button', { name: 'Submit Listing' }).hasAttribute('disabled')).toBe(true);
  });
});

function uploadRoutes(carId: string) {
  api.on('POST /cars', ok({ id: carId, _id: carId }));
  api.on('POST /media/upload', ok({ url: `/media/cars/${carId}/v1.mp4`, key: `cars/${carId}/v1.mp4` }));
  api.on(`PUT /cars/${carId}`, ok({ id: carId }));
  api.on(`DELETE /cars/${carId}`, ok({ deleted: true }));
}

async function submitFromStepOne(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Choose Video' }));
  await screen.findByText(/Video ready/);
  for (const [step, name] of [
    [2, 'Basic Info'],
    [3, 'Pricing'],
    [4, 'Details'],
    [5, 'Features'],
  ] as const) {
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await stepHeading(step, name);
  }
  await user.click(screen.getByRole('button', { name: 'Submit Listing' }));
}

const paths = () => api.calls.map((c) => `${c.method} ${c.path}`);

describe('AddCarWizard creation sequence', () => {
  it('creates the car, uploads the video into its folder, saves the key, and offers Add Another Car', async () => {
    uploadRoutes('car-9');
    const done: string[] = [];
    const { user, store } = renderWizard({ store: draftAt(1), onDone: (id) => done.push(id) });
    await submitFromStepOne(user);
    expect(await screen.findByRole('heading', { name: 'Car Added Successfully!' })).toBeTruthy();
    expect(screen.getByText(/Your 2021 Toyota Hilux is listed/)).toBeTruthy();

    expect(paths()).toEqual(['POST /cars', 'POST /media/upload', 'PUT /cars/car-9']);
    const [create, upload, update] = api.calls;
    expect(create?.body).toEqual({
      make: 'Toyota',
      model: 'Hilux',
      year: 2021,
      price: 450000,
      mileage: 45000,
      fuelType: 'Petrol',
      transmission: 'Automatic',
      bodyType: 'Sedan',
      color: 'White',
      exteriorColor: 'White',
      interiorColor: 'Grey',
      description: 'One careful owner, full service history at Toyota.',
      features: ['Bluetooth'],
      condition: 'Used',
      status: 'active',
    });
    expect(create?.authorization).toBe('Bearer access-1');
    const multipart = upload?.body as string;
    expect(multipart).toMatch(/name="folder"\r\n\r\ncars\/car-9\r\n/);
    expect(multipart).toMatch(
      /name="file"; filename="walkaround.mp4"\r\nContent-Type: video\/mp4\r\n\r\n.*ftypmp42/s,
    );
    expect(multipart.indexOf('name="folder"')).toBeLessThan(multipart.indexOf('name="file"'));
    expect(upload?.authorization).toBe('Bearer access-1');
    expect(update?.body).toEqual({ videos: ['cars/car-9/v1.mp4'], images: [] });
    await waitFor(() => expect(store.entries.has('add-car:guest')).toBe(false));

    await user.click(screen.getByRole('button', { name: 'View Listing' }));
    expect(done).toEqual(['car-9']);
    await user.click(screen.getByRole('button', { name: 'Add Another Car' }));
    await stepHeading(1, 'Media');
    expect(screen.getByRole('button', { name: 'Choose Video' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await inlineSays('Video Required', 'Please add a video to showcase your car');
  });

  it('deletes the created car when the video upload fails and says why', async () => {
    uploadRoutes('car-10');
    api.on('POST /media/upload', fail(413, 'File too large (max 100MB)'));
    const { user } = renderWizard({ store: draftAt(1) });
    await submitFromStepOne(user);
    await dialogSays('Error', 'Failed to upload video: File too large (max 100MB)');
    expect(paths()).toEqual(['POST /cars', 'POST /media/upload', 'DELETE /cars/car-10']);
    // The form is kept for another try.
    await closeDialog(user);
    await stepHeading(5, 'Features');
  });

  it('shows the create failure with the server reason and uploads nothing', async () => {
    api.on('POST /cars', fail(403, 'Only dealers and private sellers can list cars'));
    const { user } = renderWizard({ store: draftAt(1) });
    await submitFromStepOne(user);
    await dialogSays('Error', 'Failed to create car listing: Only dealers and private sellers can list cars');
    expect(paths()).toEqual(['POST /cars']);
  });

  it('keeps the car and says so when the final update fails', async () => {
    uploadRoutes('car-11');
    api.on('PUT /cars/car-11', fail(400, 'Unknown media key'));
    const { user } = renderWizard({ store: draftAt(1) });
    await submitFromStepOne(user);
    await dialogSays(
      'Error',
      'Failed to update car with media: Unknown media key The car was created; you can find it under Manage My Cars.',
    );
    expect(paths()).toEqual(['POST /cars', 'POST /media/upload', 'PUT /cars/car-11']);
  });

  it('cancels an upload on request, deletes the car and keeps the form', async () => {
    uploadRoutes('car-13');
    let release: (() => void) | undefined;
    api.on(
      'POST /media/upload',
      () => new Promise((resolve) => (release = () => resolve(ok({ url: '/m', key: 'cars/car-13/v.mp4' })))),
    );
    const { user } = renderWizard({ store: draftAt(1) });
    await submitFromStepOne(user);
    expect(await screen.findByText('Uploading video 0%')).toBeTruthy();
    await waitFor(() => expect(paths()).toContain('POST /media/upload'));
    await user.click(screen.getByRole('button', { name: 'Cancel upload' }));
    await dialogSays(
      'Upload Cancelled',
      'Nothing was listed. Your details are kept, so you can submit again.',
    );
    expect(paths()).toEqual(['POST /cars', 'POST /media/upload', 'DELETE /cars/car-13']);
    release?.();
    await closeDialog(user);
    await stepHeading(5, 'Features');
  });

  it('uploads photos after the video and refreshes an expired token once for an upload', async () => {
    uploadRoutes('car-14');
    let uploads = 0;
    api.on('POST /media/upload', () => {
      uploads += 1;
      if (uploads === 1) return fail(401, 'Invalid or expired token');
      return ok({ url: `/m/${uploads}`, key: `cars/car-14/file-${uploads}` });
    });
    api.on('POST /auth/refresh-token', ok({ accessToken: 'access-2', refreshToken: 'refresh-2' }));
    const { user } = renderWizard({ store: draftAt(1), host: pickerWithPhotos(photoFile('front.jpg')) });
    await user.click(await screen.findByRole('button', { name: 'Add Photos' }));
    await screen.findByText('front.jpg');
    await submitFromStepOne(user);
    expect(await screen.findByRole('heading', { name: 'Car Added Successfully!' })).toBeTruthy();
    expect(paths()).toEqual([
      'POST /cars',
      'POST /media/upload',
      'POST /auth/refresh-token',
      'POST /media/upload',
      'POST /media/upload',
      'PUT /cars/car-14',
    ]);
    const uploadCalls = api.calls.filter((c) => c.path === '/media/upload');
    expect(uploadCalls.map((c) => c.authorization)).toEqual([
      'Bearer access-1',
      'Bearer access-2',
      'Bearer access-2',
    ]);
    expect(uploadCalls[2]?.body as string).toMatch(/filename="front.jpg"/);
    expect(api.calls.at(-1)?.body).toEqual({
      videos: ['cars/car-14/file-2'],
      images: ['cars/car-14/file-3'],
    });
  });

  it('deletes the car when a photo upload fails', async () => {
    uploadRoutes('car-15');
    let uploads = 0;
    api.on('POST /media/upload', () => {
      uploads += 1;
      return uploads === 1 ? ok({ url: '/m', key: 'cars/car-15/v.mp4' }) : fail(415, 'Unsupported file type');
    });
    const { user } = renderWizard({ store: draftAt(1), host: pickerWithPhotos(photoFile('side.png')) });
    await user.click(await screen.findByRole('button', { name: 'Add Photos' }));
    await submitFromStepOne(user);
    await dialogSays('Error', 'Failed to upload media: side.png: Unsupported file type');
    expect(paths()).toEqual([
      'POST /cars',
      'POST /media/upload',
      'POST /media/upload',
      'DELETE /cars/car-15',
    ]);
  });

  it('goes back to the first failing step when a restored draft is incomplete', async () => {
    uploadRoutes('car-12');
    const { user } = renderWizard({ store: draftAt(5, { interiorColor: '' }) });
    await stepHeading(5, 'Features');
    await user.click(screen.getByRole('button', { name: 'Submit Listing' }));
    await inlineSays('Video Required', 'Please add a video to showcase your car');
    await stepHeading(1, 'Media');
    await user.click(screen.getByRole('button', { name: 'Choose Video' }));
    await screen.findByText(/Video ready/);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await stepHeading(2, 'Basic Info');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Interior colour is required')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });
});

describe('AddCarWizard drafts', () => {
  it('restores the step and fields after a reload, asks for the video again, and can start over', async () => {
    const store = memoryDraftStore();
    const first = renderWizard({ store });
    await first.user.click(await screen.findByRole('button', { name: 'Choose Video' }));
    await screen.findByText(/Video ready/);
    await first.user.click(screen.getByRole('button', { name: 'Next' }));
    await first.user.click(within(group('Popular brands')).getByRole('button', { name: 'Honda' }));
    await first.user.click(within(group('Honda models')).getAllByRole('button')[0]!);
    await first.user.type(screen.getByLabelText('Year'), '2019');
    await waitFor(() =>
      expect(store.entries.get('add-car:guest')).toMatchObject({
        step: 2,
        fields: { make: 'Honda', year: '2019' },
      }),
    );
    first.view.unmount();

    const second = renderWizard({ store });
    await stepHeading(2, 'Basic Info');
    expect(screen.getByText('Your unfinished listing was restored.')).toBeTruthy();
    expect(
      within(group('Popular brands')).getByRole('button', { name: 'Honda' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(screen.getByLabelText<HTMLInputElement>('Year').value).toBe('2019');
    await second.user.click(screen.getByRole('button', { name: 'Back' }));
    expect(
      screen.getByText('Your details were restored. Add the video again to finish this listing.'),
    ).toBeTruthy();

    await second.user.click(screen.getByRole('button', { name: 'Start over' }));
    await stepHeading(1, 'Media');
    expect(screen.queryByText('Your unfinished listing was restored.')).toBeNull();
    await waitFor(() => expect(store.entries.has('add-car:guest')).toBe(false));
  });
});

describe('AddCarWizard: what sellers expect of a listing form', () => {
  it('offers video files only, and shows the picked video with its length before any upload', async () => {
    const accepts: (string | undefined)[] = [];
    const { user } = renderWizard({
      host: {
        pickFiles: (options) => {
          accepts.push(options?.accept);
          return Promise.resolve([videoFile()]);
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Choose Video' }));
    expect(accepts[0]!.split(',').every((type) => type.startsWith('video/'))).toBe(true);
    const preview = await screen.findByLabelText<HTMLVideoElement>('Preview of walkaround.mp4');
    expect(preview.src).toMatch(/^blob:/);
    Object.defineProperty(preview, 'duration', { value: 42.4, configurable: true });
    fireEvent.loadedMetadata(preview);
    expect(screen.getByTestId('video-duration').textContent).toBe('Length 0:42');
    expect(api.calls.some((c) => c.path === '/media/upload')).toBe(false);
  });

  it('offers Truck as Bakkie / Pickup, and the listing writer is asked about a Truck', async () => {
    api.on(
      'POST /ai/generate-listing',
      ok({ description: 'A tough 2021 Toyota Hilux bakkie.', features: [] }),
    );
    const { user } = renderWizard({ store: draftAt(4, { bodyType: 'Truck', description: '' }) });
    await stepHeading(4, 'Details');
    const bakkie = within(group('Body type')).getByRole('button', { name: 'Bakkie / Pickup' });
    expect(bakkie.getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Generate with AI' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/ai/generate-listing')?.body).toMatchObject({
        bodyType: 'Truck',
      }),
    );
  });

  it('orders several photos by drag and arrow keys, makes one the cover, and uploads them in that order', async () => {
    uploadRoutes('car-21');
    let uploads = 0;
    api.on('POST /media/upload', () => {
      uploads += 1;
      return ok({ url: `/m/${uploads}`, key: `cars/car-21/file-${uploads}` });
    });
    const { user } = renderWizard({
      store: draftAt(1),
      host: pickerWithPhotos(photoFile('front.jpg'), photoFile('side.jpg'), photoFile('back.jpg')),
    });
    await user.click(await screen.findByRole('button', { name: 'Add Photos' }));
    const order = () =>
      within(screen.getByRole('list', { name: 'Photos in order' }))
        .getAllByRole('listitem')
        .map((tile) => tile.querySelector('span')!.textContent);
    expect(await screen.findByText('front.jpg')).toBeTruthy();
    expect(order()).toEqual(['front.jpg', 'side.jpg', 'back.jpg']);
    expect(screen.getByText('Cover')).toBeTruthy();

    // A finger drags back.jpg onto front.jpg's place.
    const tiles = within(screen.getByRole('list', { name: 'Photos in order' })).getAllByRole('listitem');
    // happy-dom lays nothing out, so what lies under the finger is said here; the browser's is in conventions.spec.ts.
    const underFinger = vi.spyOn(document, 'elementFromPoint').mockReturnValue(tiles[0]!);
    try {
      fireEvent.pointerDown(tiles[2]!, { pointerId: 7, pointerType: 'touch', clientX: 250, clientY: 40 });
      fireEvent.pointerMove(tiles[2]!, { pointerId: 7, pointerType: 'touch', clientX: 20, clientY: 40 });
      fireEvent.pointerUp(tiles[2]!, { pointerId: 7, pointerType: 'touch', clientX: 20, clientY: 40 });
    } finally {
      underFinger.mockRestore();
    }
    expect(order()).toEqual(['back.jpg', 'front.jpg', 'side.jpg']);

    // The arrow keys move the focused photo; Make cover puts one first.
    fireEvent.keyDown(screen.getByRole('listitem', { name: /^front\.jpg/ }), { key: 'ArrowRight' });
    expect(order()).toEqual(['back.jpg', 'side.jpg', 'front.jpg']);
    await user.click(screen.getByRole('button', { name: 'Make side.jpg the cover' }));
    expect(order()).toEqual(['side.jpg', 'back.jpg', 'front.jpg']);
    expect(screen.getByRole('listitem', { name: /^side\.jpg, photo 1 of 3, cover$/ })).toBeTruthy();

    // A finger's tap acts when it lifts, even when the browser sends no click after it (as Chromium may after a
    // fast drag); a click that does follow, wherever it lands, does not act again.
    const frontCover = screen.getByRole('button', { name: 'Make front.jpg the cover' });
    const backCover = screen.getByRole('button', { name: 'Make back.jpg the cover' });
    const underTap = vi.spyOn(document, 'elementFromPoint').mockReturnValue(frontCover);
    try {
      fireEvent.pointerDown(frontCover, { pointerId: 8, pointerType: 'touch', clientX: 30, clientY: 90 });
      fireEvent.pointerUp(frontCover, { pointerId: 8, pointerType: 'touch', clientX: 30, clientY: 90 });
    } finally {
      underTap.mockRestore();
    }
    expect(order()).toEqual(['front.jpg', 'side.jpg', 'back.jpg']);
    fireEvent.click(backCover);
    expect(order()).toEqual(['front.jpg', 'side.jpg', 'back.jpg']);
    // Later, a click alone (a keyboard's Enter) acts.
    fireEvent.click(screen.getByRole('button', { name: 'Make side.jpg the cover' }));
    expect(order()).toEqual(['side.jpg', 'front.jpg', 'back.jpg']);

    await submitFromStepOne(user);
    expect(await screen.findByRole('heading', { name: 'Car Added Successfully!' })).toBeTruthy();
    const photoUploads = api.calls.filter((c) => c.path === '/media/upload').slice(1);
    expect(photoUploads.map((c) => /filename="([^"]+)"/.exec(c.body as string)?.[1])).toEqual([
      'side.jpg',
      'front.jpg',
      'back.jpg',
    ]);
    // The API stores them in this order: the first is the cover.
    expect(api.calls.at(-1)?.body).toEqual({
      videos: ['cars/car-21/file-1'],
      images: ['cars/car-21/file-2', 'cars/car-21/file-3', 'cars/car-21/file-4'],
    });
  });
});
