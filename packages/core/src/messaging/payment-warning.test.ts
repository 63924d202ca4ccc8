import { describe, expect, it } from 'vitest';
import { PAYMENT_WARNING, paymentWarningOf, type PaymentWarningKind } from './payment-warning.ts';

/** Messages that must warn their receiver, and why. English first, then the local ways of saying it. */
const MUST_WARN: [string, PaymentWarningKind][] = [
  // Deposits and payments before a viewing
  ['Please send the deposit today and the car is yours', 'deposit-request'],
  ['Send me E2000 and I will keep it for you', 'deposit-request'],
  ['send R 1,500 first then we talk', 'deposit-request'],
  ['You must pay to reserve the car, many people want it', 'deposit-request'],
  ['A deposit of E5000 secures it until Friday', 'deposit-request'],
  ['Deposit is required before viewing', 'deposit-request'],
  ['I need a small deposit to hold it for you', 'deposit-request'],
  ['Pay upfront and I deliver the car to Manzini', 'deposit-request'],
  ['Payment in advance please, I am out of town', 'deposit-request'],
  ['Transfer the money and I send the papers by courier', 'deposit-request'],
  ['There is a booking fee of R800 to reserve it', 'deposit-request'],
  ['I can reserve it for you with E1000', 'deposit-request'],
  ['Pay before you come so I know you are serious', 'deposit-request'],
  ['Thumela imali yedeposit kuqala', 'deposit-request'],
  ['Tfumela imali ngaphambi kwekutsi ubone imoto', 'deposit-request'],
  ['Betaal eers die deposito asseblief', 'deposit-request'],
  ['Just send the transport fee and the car comes to you', 'deposit-request'],
  // Mobile money and e-wallets
  ['MoMo me on 7612 3456 and it is yours', 'mobile-money'],
  ['You can pay by MTN Mobile Money', 'mobile-money'],
  ['Send it via FNB eWallet to 0821234567', 'mobile-money'],
  ['e-wallet is fine, or cash send', 'mobile-money'],
  ['I accept M-Pesa and EcoCash', 'mobile-money'],
  ['Use Instant Money at Standard Bank', 'mobile-money'],
  // Bank details
  ['My banking details: FNB 62812345678 branch 250655', 'bank-details'],
  ['Account number 1234567890, Nedbank', 'bank-details'],
  ['acc no. 9876543210 capitec', 'bank-details'],
  ['Swazi Bank 0123 4567 8901, ref your name', 'bank-details'],
  ['Branch code is 632005', 'bank-details'],
  ['Pay into my account and send proof of payment', 'bank-details'],
  // Links to payment or outside sites
  ['Pay here: https://www.paypal.me/carsforless', 'payment-link'],
  ['Complete the deposit at https://secure-autos.example/checkout?id=99', 'payment-link'],
  ['Our escrow service keeps your money safe: www.safe-car-escrow.com', 'payment-link'],
  ['Details on bit.ly/3xYzAbc', 'payment-link'],
  ['payfast.co.za/eng/process?amount=5000', 'payment-link'],
  ['Book delivery with our courier company at https://fastcourier-sz.com', 'payment-link'],
];

/** Ordinary messages about price, viewing and paying at the viewing: none may warn. */
const MUST_NOT_WARN: string[] = [
  'Is the price negotiable?',
  'What is your best price for cash?',
  'The price is E185,000, a bit negotiable',
  'Can I pay cash when I see it?',
  'I will pay once I have seen the car and the papers',
  'Can I come and view it on Saturday at 10?',
  'Viewing times are weekdays 8 to 5, Saturday until 1',
  'Is it still available?',
  'Does it have a service history?',
  'Can I pay by EFT after the test drive?',
  'Call me on 76123456',
  'My number is +268 7612 3456, WhatsApp is fine',
  'The mileage is 85,000 km and it has 7 seats',
  'Do you offer finance or trade-ins?',
  'Thank you, I will bring my mechanic on Friday',
  'Yes, the papers are in order and the licence is valid until 2026',
  'Here are more photos of the interior',
  'See the brochure at https://www.toyota.co.za/fortuner',
  'Payment on collection only, in person',
  'Sawubona, imoto isekhona?',
  'The ownership transfer fee is paid by the buyer at the licensing office',
  'I will send payment after the viewing',
  'Our admin fee of R3,500 is included in the price',
  '',
];

describe('paymentWarningOf', () => {
  it.each(MUST_WARN)('warns for %j (%s)', (message, kind) => {
    expect(paymentWarningOf(message)).toBe(kind);
  });

  it.each(MUST_NOT_WARN)('does not warn for %j', (message) => {
    expect(paymentWarningOf(message)).toBeNull();
  });

  it('reads the message whatever its case, spacing or quotes', () => {
    expect(paymentWarningOf('SEND   THE\nDEPOSIT')).toBe('deposit-request');
    expect(paymentWarningOf('send ‘the’ deposit')).toBe('deposit-request');
  });

  it('says the one warning line of the issue', () => {
    expect(PAYMENT_WARNING).toBe('Never pay before you have seen the car and its papers');
  });
});
