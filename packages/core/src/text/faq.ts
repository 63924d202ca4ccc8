/**
 * SPEC 9: 12 FAQ entries in five categories. The answers state SPEC 9's timings: dealer review about
 * 2-3 business days, document check 1-2 days, feedback review within 48 hours, account deletion within
 * 30 days.
 */

export const FAQ_CATEGORIES = ['general', 'contact', 'safety', 'payment', 'account'] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

export const FAQ_CATEGORY_LABELS: Readonly<Record<FaqCategory, string>> = {
  general: 'General',
  contact: 'Contacting Sellers',
  safety: 'Safety',
  payment: 'Payment and Pricing',
  account: 'Your Account',
};

export interface FaqEntry {
  readonly id: string;
  readonly category: FaqCategory;
  readonly question: string;
  readonly answer: string;
}

export const FAQ_ENTRIES: readonly FaqEntry[] = [
  {
    id: 'what-is-autoreel',
    category: 'general',
    question: 'What is AutoReel?',
    answer:
      'AutoReel is a marketplace for new and used cars from dealers and private sellers. Browse cars as a ' +
      'short-video feed, a grid or a list, like and comment on listings, and message or call sellers directly.',
  },
  {
    id: 'ai-search',
    category: 'general',
    question: 'How does AI search and the lifestyle quiz work?',
    answer:
      'Describe the car you want in your own words, for example "a family SUV under E500k with low mileage". ' +
      'We turn it into filters you can adjust and rank the matching cars. The Lifestyle Match quiz asks five ' +
      'quick questions about your budget, family, driving and fuel priorities and recommends cars that fit.',
  },
  {
    id: 'become-seller',
    category: 'general',
    question: 'How do I become a dealer or sell my car privately?',
    answer:
      'Open Sell and choose Become a Dealer or Sell Privately. Dealer applications need your dealership name ' +
      'and location and are reviewed in about 2-3 business days; once approved you can list cars and manage ' +
      'them from the dashboard. Private sellers only need a location, and their listings are marked Private Seller.',
  },
  {
    id: 'contact-seller',
    category: 'contact',
    question: 'How do I contact a seller?',
    answer:
      'Sign in, open the car and tap Message to chat in the app, or use Call or WhatsApp to reach the dealer ' +
      'or seller on their phone number. Messages about a car include the car, so the seller knows what you are ' +
      'asking about.',
  },
  {
    id: 'get-help',
    category: 'contact',
    question: 'How do I get help or report a problem?',
    answer:
      'Go to Account, then Settings, then Send Feedback, choose a category and describe the problem. Our team ' +
      'reviews every submission within 48 hours and replies by email if you allow us to contact you.',
  },
  {
    id: 'avoid-scams',
    category: 'safety',
    question: 'How do I avoid scams?',
    answer:
      "Never send money before seeing the car in person. Meet in safe public locations, verify the dealer's " +
      "credentials and the car's documentation, and be cautious of deals that look too good to be true. " +
      'Keep your conversations in the app so there is a record.',
  },
  {
    id: 'verified-dealers',
    category: 'safety',
    question: 'What does the Verified Dealer badge mean?',
    answer:
      'Verified dealers have sent us their business registration and licence documents and passed our check, ' +
      'which takes 1-2 days once the documents arrive. The badge shows on their listings, dealer page and ' +
      'conversations.',
  },
  {
    id: 'before-buying',
    category: 'safety',
    question: 'What should I check before buying a used car?',
    answer:
      'Ask for the service history and a vehicle history report, check that the VIN and engine number match ' +
      'the registration papers, take a test drive, and have an independent mechanic inspect the car before ' +
      'you commit.',
  },
  {
    id: 'how-to-pay',
    category: 'payment',
    question: 'How do I pay for a car?',
    answer:
      'You pay the dealer or seller directly; AutoReel never asks you to pay through chat. Only pay after ' +
      'you have seen the car and checked its papers, use a traceable method such as a bank transfer, and get ' +
      'a signed sale agreement and receipt.',
  },
  {
    id: 'financing-and-prices',
    category: 'payment',
    question: 'Can I get financing, and what does "Contact for price" mean?',
    answer:
      'Many dealers arrange vehicle finance and can start a pre-approval for you: ask them in the chat. ' +
      'Prices are shown in your country\'s currency; "Contact for price" means the seller has not published ' +
      'a price, so message them for a quote.',
  },
  {
    id: 'whatsapp-required',
    category: 'account',
    question: 'Why do I need a WhatsApp number to sign up?',
    answer:
      'We send your 6-digit verification code by WhatsApp, both when you create your account and when you ' +
      'reset your password, so the number you sign up with must be registered on WhatsApp.',
  },
  {
    id: 'delete-account',
    category: 'account',
    question: 'How do I delete my account?',
    answer:
      'Go to Account, then Settings, choose Delete My Account and enter your password. Your listings and ' +
      'conversations disappear at once and you are signed out everywhere; the rest of your personal data is ' +
      'erased within 30 days of the request.',
  },
];
