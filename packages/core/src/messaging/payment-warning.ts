/**
 * Warnings where money is asked (issue 28): a chat message that asks for a payment or a deposit before a viewing,
 * gives bank or mobile-money details, or links to a payment or off-platform site shows its receiver
 * PAYMENT_WARNING under it, with a report. The rules read the message's words alone: they are a nudge to the
 * receiver, never a block, so an ordinary message about the price, a viewing or paying cash at the viewing must not
 * trigger (payment-warning.test.ts holds the table of examples either way).
 */

/** The line shown under a message that asks for money. */
export const PAYMENT_WARNING = 'Never pay before you have seen the car and its papers';

/** Why a message warns: the first rule it meets, in the order of PAYMENT_RULES. */
export type PaymentWarningKind = 'deposit-request' | 'mobile-money' | 'bank-details' | 'payment-link';

/** A short account of each kind, for the report that the warning offers. */
export const PAYMENT_WARNING_REASONS: Record<PaymentWarningKind, string> = {
  'deposit-request': 'Asked for a deposit or payment before a viewing',
  'mobile-money': 'Gave mobile-money details for a payment',
  'bank-details': 'Gave bank account details for a payment',
  'payment-link': 'Sent a link to a payment or outside site',
};

// Money words: a deposit and its cousins, money in general, and amounts ('E5000', 'R 2,500', '500 emalangeni').
const DEPOSIT = String.raw`(?:deposit|deposito|booking fee|holding fee|reservation fee|reserve fee|admin fee|transport fee|delivery fee|courier fee)`;
const MONEY = String.raw`(?:${DEPOSIT}|money|cash|funds|payment|amount|deposit|deposito|imali|mali|(?:e|r|szl|zar|usd|\$)\s?\d[\d,. ]*|\d[\d,. ]*\s?(?:emalangeni|lilangeni|rand))`;
const SEND = String.raw`(?:send|sent|transfer|wire|deposit|pay|paying|ship|forward|thumela|tfumela|stuur|betaal)`;

/** Payment services by name, wherever they appear ('pay on PayFast', 'paypal.me/...'). */
const PAYMENT_SERVICES =
  /\b(?:paypal|payfast|paystack|yoco|snapscan|zapper|ozow|peach ?payments|flutterwave|westernunion|western union|moneygram|worldremit|skrill|payoneer)\b/i;
/** A link or a bare web address ('https://...', 'www.x.com', 'x.co.za/pay'). */
const LINK =
  /(?:https?:\/\/|www\.)\S+|\b[\w-]+(?:\.[\w-]+)*\.(?:com|net|org|info|biz|site|online|xyz|me|io|app|link|shop|co\.za|co\.sz|org\.sz|ly|gy|co)\b\S*/gi;
/** What makes a link a payment or outside-deal site: its words, or a shortener that hides where it goes. */
const PAYMENT_LINK_WORDS =
  /pay|checkout|invoice|deposit|wallet|escrow|courier|shipping|delivery|transfer|wise\.com|bit\.ly|tinyurl|cutt\.ly|rb\.gy|t\.co\//i;

/** Whether the message names a payment service or links to a payment or outside-deal site. */
function hasPaymentLink(message: string): boolean {
  if (PAYMENT_SERVICES.test(message)) return true;
  return (message.match(LINK) ?? []).some((link) => PAYMENT_LINK_WORDS.test(link));
}

/** The rules in the order they are asked; a message warns for the first that matches. */
const PAYMENT_RULES: readonly { kind: PaymentWarningKind; pattern: RegExp }[] = [
  {
    kind: 'mobile-money',
    // MoMo and its local names: MTN MoMo, Mobile Money, e-wallets (FNB eWallet, Instant Money, CashSend), M-Pesa,
    // EcoCash, Airtel Money, Unayo, Mukuru.
    pattern: new RegExp(
      String.raw`\b(?:momo|mo mo|mobile money|mobilemoney|mtn money|e-?wallet|e wallet|cash ?send|instant money|m-?pesa|ecocash|eco cash|airtel money|unayo|mukuru|send-?money)\b`,
      'i',
    ),
  },
  {
    kind: 'bank-details',
    // An account number with its bank words, or the details themselves named.
    pattern: new RegExp(
      String.raw`\b(?:bank(?:ing)? details|account (?:no|number|num|#)|acc(?:ount)?\.? ?(?:no|nr|#)\.?|branch code|swift|iban|routing number|eft (?:to|into)|pay (?:into|in to) my (?:account|acc)|bankrekening)\b` +
        String.raw`|\b(?:fnb|absa|nedbank|capitec|standard bank|stanbic|swazi ?bank|eswatini bank|first national|tyme ?bank|discovery bank|african bank|investec|account|acc)\b[^\d\n]{0,20}\d[\d -]{6,}\d`,
      'i',
    ),
  },
  {
    kind: 'deposit-request',
    // Asking for money ahead of seeing the car: send the deposit, pay to reserve, a deposit secures it, pay first.
    pattern: new RegExp(
      [
        // 'send the deposit', 'send me E2000', 'transfer the money', 'thumela imali'
        String.raw`\b${SEND}\b(?: (?:me|us|him|her|the|a|your|my|this|that|small|some|only|just|first|now|it|over|via|through|by))* ${MONEY}`,
        // 'a deposit of E5000', 'deposit to reserve', 'deposit secures it', 'deposit is required'
        String.raw`\b${DEPOSIT}\b.{0,30}\b(?:reserve|hold|secure|book|keep|lock|required|needed|needs|first|upfront|up front|before|then|and i|so i|to confirm|confirms)`,
        // 'need a deposit', 'requires a booking fee', 'I take a deposit'
        String.raw`\b(?:need|needs|require|requires|required|want|take|accept|ask for|asking for|expect)\b(?: (?:a|the|your|small|some|just|only))* ${DEPOSIT}`,
        // 'pay to reserve', 'pay first', 'pay upfront', 'pay before you come', 'payment in advance'
        String.raw`\b(?:pay|payment|paid|betaal)\b.{0,20}\b(?:to (?:reserve|hold|secure|book|lock)|first|upfront|up front|in advance|beforehand|before (?:you|the|viewing|we|i)|eers|now (?:and|to|so))`,
        // 'reserve it with E1000', 'hold the car for you for R500'
        String.raw`\b(?:reserve|hold|secure|book|lock)\b.{0,25}\b(?:with|for)\b.{0,10}${MONEY}`,
      ].join('|'),
      'i',
    ),
  },
];

// What undoes a payment request: the money changes hands at or after the viewing ('I will pay cash when I see it').
const PAY_AT_VIEWING = new RegExp(
  String.raw`\b(?:pay|paying|cash|payment|money)\b[^.?!]{0,30}\b(?:when|once|after|at|on)\b[^.?!]{0,25}\b(?:see|seen|seeing|view|viewing|inspect|inspection|test drive|collect|collection|meet|meeting)\b`,
  'i',
);

/** The message with its quotes straightened and its spaces single, so one rule meets each way of writing it. */
function normalise(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u201c\u201d"`]|'(?!\w)|(?<!\w)'/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Why a message that asks for money should warn its receiver, or null. A payment request that also says the money
 * is paid at or after the viewing ('can I pay cash when I see it') does not warn; details and links always do.
 */
export function paymentWarningOf(text: string): PaymentWarningKind | null {
  const message = normalise(text);
  if (message === '') return null;
  if (hasPaymentLink(message)) return 'payment-link';
  for (const rule of PAYMENT_RULES) {
    if (!rule.pattern.test(message)) continue;
    if (rule.kind === 'deposit-request' && PAY_AT_VIEWING.test(message)) return null;
    return rule.kind;
  }
  return null;
}
