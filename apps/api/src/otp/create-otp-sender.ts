import type { Config } from '../config/config.ts';
import type { OtpRepository } from '../accounts/otp.repository.ts';
import { DevOtpSender } from './dev-otp.sender.ts';
import type { OtpSender } from './otp-sender.ts';
import { WhatsAppOtpSender } from './whatsapp-otp.sender.ts';

/** Picks the provider named by OTP_PROVIDER; a WhatsApp provider without credentials fails at start, not at signup. */
export function createOtpSender(config: Config, repo: OtpRepository, now: () => Date): OtpSender {
  const { whatsapp } = config;
  switch (config.otpProvider) {
    case 'dev':
      return new DevOtpSender(
        repo,
        {
          code: whatsapp.templateName,
          signupAttempt: whatsapp.signupAttemptTemplateName,
          newMessage: whatsapp.newMessageTemplateName,
        },
        now,
      );
    case 'whatsapp':
      if (!whatsapp.token || !whatsapp.phoneNumberId) {
        throw new Error('OTP_PROVIDER=whatsapp needs WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID');
      }
      return new WhatsAppOtpSender({
        token: whatsapp.token,
        phoneNumberId: whatsapp.phoneNumberId,
        templateName: whatsapp.templateName,
        signupAttemptTemplateName: whatsapp.signupAttemptTemplateName,
        newMessageTemplateName: whatsapp.newMessageTemplateName,
        templateLanguage: whatsapp.templateLanguage,
        apiBaseUrl: whatsapp.apiBaseUrl,
      });
  }
}
