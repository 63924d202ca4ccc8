/**
 * SPEC 3: 30 selectable features for the wizard's Features step. Grouped so the step can show them in
 * sections; sellers may add their own on top (SPEC 5).
 */

export const FEATURE_GROUPS = ['comfort', 'technology', 'safety', 'exterior', 'capability'] as const;
export type FeatureGroup = (typeof FEATURE_GROUPS)[number];

export const FEATURE_GROUP_LABELS: Readonly<Record<FeatureGroup, string>> = {
  comfort: 'Comfort',
  technology: 'Technology',
  safety: 'Safety',
  exterior: 'Exterior',
  capability: 'Capability',
};

export interface FeatureOption {
  readonly name: string;
  readonly group: FeatureGroup;
}

const f = (name: string, group: FeatureGroup): FeatureOption => ({ name, group });

export const FEATURE_OPTIONS: readonly FeatureOption[] = [
  f('Air Conditioning', 'comfort'),
  f('Climate Control', 'comfort'),
  f('Leather Seats', 'comfort'),
  f('Heated Seats', 'comfort'),
  f('Ventilated Seats', 'comfort'),
  f('Electric Seats', 'comfort'),
  f('Keyless Entry', 'comfort'),
  f('Push Button Start', 'comfort'),
  f('Cruise Control', 'comfort'),
  f('Navigation System', 'technology'),
  f('Bluetooth', 'technology'),
  f('Apple CarPlay', 'technology'),
  f('Android Auto', 'technology'),
  f('Premium Sound System', 'technology'),
  f('Wireless Charging', 'technology'),
  f('Head-Up Display', 'technology'),
  f('Reverse Camera', 'safety'),
  f('360-Degree Camera', 'safety'),
  f('Parking Sensors', 'safety'),
  f('Adaptive Cruise Control', 'safety'),
  f('Lane Keep Assist', 'safety'),
  f('Blind Spot Monitoring', 'safety'),
  f('Autonomous Emergency Braking', 'safety'),
  f('Sunroof', 'exterior'),
  f('Panoramic Roof', 'exterior'),
  f('LED Headlights', 'exterior'),
  f('Alloy Wheels', 'exterior'),
  f('Four-Wheel Drive', 'capability'),
  f('Tow Bar', 'capability'),
  f('Third Row Seating', 'capability'),
];

export const SELECTABLE_FEATURES: readonly string[] = FEATURE_OPTIONS.map((feature) => feature.name);
