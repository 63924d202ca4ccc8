/**
 * The storefront's privacy policy and terms of service, in plain words. Kept as data so one component renders
 * both, and so a wording change is a text edit, not a layout change.
 */
export interface LegalSection {
  readonly heading: string;
  readonly paragraphs: readonly string[];
}

export interface LegalDocument {
  readonly title: string;
  readonly updated: string;
  readonly summary: string;
  readonly sections: readonly LegalSection[];
}

export const PRIVACY_POLICY: LegalDocument = {
  title: 'Privacy Policy',
  updated: 'November 2026',
  summary:
    'AutoReel is a marketplace where buyers, dealers and private sellers meet. This policy explains what we ' +
    'store about you, why we need it, who sees it, and how to have it deleted.',
  sections: [
    {
      heading: 'What we store',
      paragraphs: [
        'Your account: your name, your phone number, your email address if you give one, and your password, ' +
          'which we keep only as a one-way hash we cannot read.',
        'What you do on AutoReel: the cars you like, view, comment on or share, the dealer reviews you write, ' +
          'your messages and the files you attach to them, and any dealer or private-seller application.',
        'What you list: the cars you put up for sale, with their photos, videos, descriptions and prices, and ' +
          'your dealership details if you are a dealer.',
        'Technical records: the time and network address of sign-ins and code requests, which we keep to ' +
          'stop abuse such as repeated wrong passwords or code flooding.',
      ],
    },
    {
      heading: 'Why we need it',
      paragraphs: [
        'To run your account: your phone number is how you sign in, and we send your verification and ' +
          'password-reset codes to it by WhatsApp.',
        'To run the marketplace: to show listings, keep your favourites, deliver your messages to the seller ' +
          'or buyer you write to, and show sellers who is asking about their car.',
        'To keep people safe: to detect fraud and scams, limit abuse, and look into reports.',
        'To improve AutoReel: feedback you send is read by our team. We do not sell your data and we do not ' +
          'use it for advertising by other companies.',
      ],
    },
    {
      heading: 'Who sees it',
      paragraphs: [
        'Other users see what you choose to publish: your listings, comments, reviews, and your name on them. ' +
          'When you message a seller, they see your name and your messages.',
        'Service providers who run parts of AutoReel for us see only what they need: the WhatsApp messaging ' +
          'provider sees your phone number and the code, and our hosting and storage providers keep the data ' +
          'on our behalf.',
        'We give information to authorities only when the law requires it.',
      ],
    },
    {
      heading: 'Deleting your account',
      paragraphs: [
        'You can delete your account at any time from Settings, Delete My Account, with your password. Your ' +
          'listings, your dealership page and your conversations disappear at once, for you and for the people ' +
          'you talked with, and every device you were signed in on is signed out.',
        'What is left of your personal data (your name, email and password) is kept for 7 days, so that reports ' +
          'about the account can be looked into, and then erased, always within 30 days of the request. ' +
          "Comments and reviews you wrote stay, shown as written by 'Deleted user'.",
      ],
    },
    {
      heading: 'Your choices',
      paragraphs: [
        'You can see and correct your name and email on the Profile tab. You can ask us for a copy of your ' +
          'data, or ask a question about this policy, through Settings, Send Feedback, with the category ' +
          'Customer Support. We answer within 48 hours.',
      ],
    },
  ],
};

export const TERMS_OF_SERVICE: LegalDocument = {
  title: 'Terms of Service',
  updated: 'November 2026',
  summary:
    'These terms are the agreement between you and AutoReel when you use the app or the website. By creating ' +
    'an account you accept them.',
  sections: [
    {
      heading: 'What AutoReel is',
      paragraphs: [
        'AutoReel is a marketplace: it shows cars listed by dealers and private sellers and helps buyers ' +
          'contact them. We are not the seller of any car, we do not inspect cars, and we are not a party to ' +
          'the sale. The contract of sale is between the buyer and the seller.',
      ],
    },
    {
      heading: 'Your account',
      paragraphs: [
        'You need a phone number registered on WhatsApp to sign up, and you must be old enough to enter a ' +
          'contract where you live. Keep your password to yourself; you are responsible for what is done with ' +
          'your account. Tell us at once through Send Feedback if you think someone else is using it.',
      ],
    },
    {
      heading: 'Listing a car',
      paragraphs: [
        'Only list cars you own or are allowed to sell. Your listing must be honest: the real car, its real ' +
          'mileage, condition and history, your own photos and videos, and a price you will honour. Mark a car ' +
          'sold or reserved as soon as it is. Dealers are approved by our team before they can list, which ' +
          'takes about 2-3 business days.',
        'You keep ownership of what you upload, and you allow us to show it on AutoReel and in share links ' +
          'while the listing is up.',
      ],
    },
    {
      heading: 'Buying a car',
      paragraphs: [
        'Prices, descriptions and AI-written texts are given by sellers or generated from what they entered; ' +
          'check them yourself. See the car in person, check its papers and have it inspected before you pay. ' +
          'Payment is made directly to the seller; AutoReel never asks you to pay through chat.',
      ],
    },
    {
      heading: 'What is not allowed',
      paragraphs: [
        'Fake or misleading listings, stolen cars, scams and requests for advance payments, harassment, spam, ' +
          "and posting other people's personal information. Reviews must describe your own experience. We may " +
          'remove content that breaks these rules and suspend or close the accounts behind it.',
      ],
    },
    {
      heading: 'Liability',
      paragraphs: [
        'We work to keep AutoReel available and accurate, but we provide it as it is. As far as the law allows, ' +
          'we are not liable for the condition of a car, for what a buyer or seller does, or for losses from a ' +
          'sale between users. Nothing here limits rights you have under consumer law.',
      ],
    },
    {
      heading: 'Ending and changes',
      paragraphs: [
        'You can stop using AutoReel and delete your account at any time from Settings; we erase your ' +
          'personal data within 30 days. When we change these terms we show the new date above, and for important ' +
          'changes we tell you in the app before they apply.',
      ],
    },
  ],
};
