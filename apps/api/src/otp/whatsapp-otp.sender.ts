import type { NewMessageNotice, OtpMessage, OtpSender } from './otp-sender.ts';

export interface WhatsAppOptions {
  token: string;
  phoneNumberId: string;
  templateName: string;
  signupAttemptTemplateName: string;
  /** An approved 'utility' template with four body parameters: sender's name, year, make and model. */
  newMessageTemplateName: string;
  templateLanguage: string;
  /** e.g. https://graph.facebook.com/v23.0 */
  apiBaseUrl: string;
  timeoutMs?: number;
}

export class OtpDeliveryError extends Error {}

/**
 * WhatsApp Cloud API, 'authentication' template with a copy-code button: Meta requires the code both as the body
 * parameter and as the button's URL parameter. Signup needs a WhatsApp-registered number (SPEC 1), which this
 * channel enforces by construction.
 */
export class WhatsAppOtpSender implements OtpSender {
  readonly #options: WhatsAppOptions;

  constructor(options: WhatsAppOptions) {
    this.#options = options;
  }

  /** The Graph API request body; exported for the documentation of what is sent. */
  static requestBody(message: OtpMessage, templateName: string, language: string) {
    return {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: message.to.replace(/^\+/, ''),
      type: 'template',
      template: {
        name: templateName,
        language: { code: language },
        components: [
          { type: 'body', parameters: [{ type: 'text', text: message.code }] },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: message.code }] },
        ],
      },
    };
  }

  /** A template without parameters: the notice is fixed text, approved with the template. */
  static noticeRequestBody(to: string, templateName: string, language: string) {
    return {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: to.replace(/^\+/, ''),
      type: 'template',
      template: { name: templateName, language: { code: language } },
    };
  }

  /** The new-message notice: its four parameters fill 'New message from {{1}} about your {{2}} {{3}} {{4}}'. */
  static newMessageRequestBody(notice: NewMessageNotice, templateName: string, language: string) {
    const text = (value: string | number) => ({ type: 'text', text: String(value) });
    return {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: notice.to.replace(/^\+/, ''),
      type: 'template',
      template: {
        name: templateName,
        language: { code: language },
        components: [
          {
            type: 'body',
            parameters: [
              text(notice.senderName),
              text(notice.car.year),
              text(notice.car.make),
              text(notice.car.model),
            ],
          },
        ],
      },
    };
  }

  send(message: OtpMessage): Promise<void> {
    const { templateName, templateLanguage } = this.#options;
    return this.#post(WhatsAppOtpSender.requestBody(message, templateName, templateLanguage));
  }

  sendSignupAttemptNotice(to: string): Promise<void> {
    const { signupAttemptTemplateName, templateLanguage } = this.#options;
    return this.#post(WhatsAppOtpSender.noticeRequestBody(to, signupAttemptTemplateName, templateLanguage));
  }

  sendNewMessageNotice(notice: NewMessageNotice): Promise<void> {
    const { newMessageTemplateName, templateLanguage } = this.#options;
    return this.#post(
      WhatsAppOtpSender.newMessageRequestBody(notice, newMessageTemplateName, templateLanguage),
    );
  }

  async #post(body: object): Promise<void> {
    const { apiBaseUrl, phoneNumberId, token } = this.#options;
    let response: Response;
    try {
      response = await fetch(`${apiBaseUrl}/${encodeURIComponent(phoneNumberId)}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.#options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new OtpDeliveryError(`WhatsApp API unreachable: ${(error as Error).name}`);
    }
    if (!response.ok) {
      // The error body names the problem (bad token, unknown template, number not on WhatsApp); it holds no code.
      const detail = (await response.text().catch(() => '')).slice(0, 500);
      throw new OtpDeliveryError(`WhatsApp API answered ${response.status}: ${detail}`);
    }
  }
}
