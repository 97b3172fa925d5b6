import { Controller } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import {
  detailsFormSchema,
  type DetailsForm as DetailsValues,
  type DetailsFormInput,
  type UserSettings,
  PHONE_EXAMPLE,
} from '@ruthless/protocol';
import { Button } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { Panel } from '@/components/ui/panel';
import { ShareStealSlider } from '@/components/ui/share-steal-slider';
import { useHostAccess } from '@/hooks/use-host-access';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { useSaveDetails } from '../api/save-details';
import { messages } from '../messages';
import { FormField } from './form-field';
import styles from './auth.module.css';

const FIELDS = [
  'alias',
  'phoneNumber',
  'dobDay',
  'dobMonth',
  'dobYear',
  'ruthlessChoice',
  'marketingAccepted',
];

/**
 * The mandatory details form (docs/player-app.md: Start-up gate, Validation): replaces the app until the player has a chat
 * name, a phone number and a default ruthless choice. Saving refetches the settings.
 */
export function DetailsForm({ settings }: { settings: UserSettings }) {
  const save = useSaveDetails();
  const { register, onSubmit, control, formState } = useSchemaForm<DetailsFormInput, DetailsValues>({
    schema: detailsFormSchema,
    fieldOrder: FIELDS,
    submit: async (values) => {
      await save.mutateAsync(values);
      toast.success(messages.detailsSaved);
    },
    defaultValues: {
      alias: settings.alias ?? '',
      phoneNumber: settings.phoneNumber ?? '',
      dobDay: settings.dobDay === null ? '' : String(settings.dobDay),
      dobMonth: settings.dobMonth === null ? '' : String(settings.dobMonth),
      dobYear: settings.dobYear === null ? '' : String(settings.dobYear),
      ruthlessChoice: settings.defaultChoice ?? undefined,
      marketingAccepted: settings.marketingAccepted ?? false,
    },
  });
  const errors = formState.errors;
  const hostAccess = useHostAccess();

  return (
    <div className={styles.screen}>
      <Logo className={styles.screenLogo} />
      <Panel tone="gold">
        <form className={styles.form} noValidate aria-labelledby="details-title" onSubmit={onSubmit}>
          <h1 id="details-title" className={styles.title}>
            Your details
          </h1>
          <p className={styles.lead}>
            One last thing before the show: how should the host and the chat know you?
          </p>
          {hostAccess && (
            <p className={styles.lead}>
              Here to host? The <Link to="/host">host console</Link> needs none of these.
            </p>
          )}
          <FormField
            id="details-alias"
            label="Chat Name"
            autoComplete="nickname"
            placeholder="3 to 10 characters"
            maxLength={32}
            invalid={Boolean(errors.alias)}
            {...register('alias')}
          />
          <FormField
            id="details-phone"
            label="Phone number"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder={PHONE_EXAMPLE}
            invalid={Boolean(errors.phoneNumber)}
            {...register('phoneNumber')}
          />
          <fieldset className={[styles.field, styles.fieldset].join(' ')}>
            <legend className={styles.label}>Date of birth</legend>
            <div className={styles.dateRow}>
              <FormField
                id="details-day"
                label="Day"
                inputMode="numeric"
                autoComplete="bday-day"
                placeholder="DD"
                maxLength={2}
                invalid={Boolean(errors.dobDay)}
                {...register('dobDay')}
              />
              <FormField
                id="details-month"
                label="Month"
                inputMode="numeric"
                autoComplete="bday-month"
                placeholder="MM"
                maxLength={2}
                invalid={Boolean(errors.dobMonth)}
                {...register('dobMonth')}
              />
              <FormField
                id="details-year"
                label="Year"
                inputMode="numeric"
                autoComplete="bday-year"
                placeholder="YYYY"
                maxLength={4}
                invalid={Boolean(errors.dobYear)}
                {...register('dobYear')}
              />
            </div>
          </fieldset>
          <div className={styles.field}>
            <span className={styles.label} id="details-choice-label">
              Default ruthless choice
            </span>
            <Controller
              control={control}
              name="ruthlessChoice"
              render={({ field }) => (
                <ShareStealSlider
                  id="details-choice"
                  label="Default ruthless choice"
                  value={field.value}
                  onChange={field.onChange}
                  invalid={Boolean(errors.ruthlessChoice)}
                />
              )}
            />
          </div>
          <label className={styles.consent}>
            <input type="checkbox" className={styles.checkbox} {...register('marketingAccepted')} />
            <span>
              I would like to receive marketing emails and text messages about upcoming Ruthless shows. I can
              opt out at any time. See our{' '}
              <a href="/login?privacy-policy=1" target="_blank" rel="noreferrer">
                Privacy Policy
              </a>
              .
            </span>
          </label>
          <div className={styles.actions}>
            <Button type="submit" size="lg" fullWidth isLoading={save.isPending}>
              Save details
            </Button>
          </div>
        </form>
      </Panel>
    </div>
  );
}
