import { Save, Webhook } from 'lucide-react';
import { useEffect } from 'react';
import { NOTICE_MS } from '../../../domain/constants';
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_LIMITS,
  webhookEndpointFormSchema,
  type WebhookEndpointAnswer,
  type WebhookEndpointForm,
  type WebhookEndpointWithSecret,
} from '../../../domain/contracts/webhooks';
import { FormSubmit } from '../../components/forms/form-submit';
import { InputField } from '../../components/forms/input-field';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { toast } from '../../lib/toast';
import { useCreateEndpoint, useUpdateEndpoint } from './api/webhooks';
import { EventCheckboxes } from './event-checkboxes';

function valuesOf(endpoint: WebhookEndpointAnswer | undefined): WebhookEndpointForm {
  return {
    url: endpoint?.url ?? '',
    events: endpoint ? [...endpoint.events] : [],
    description: endpoint?.description ?? '',
    active: endpoint?.active ?? true,
  };
}

interface EndpointFormProps {
  /** The endpoint being edited; none to add one. */
  endpoint?: WebhookEndpointAnswer;
  /** After an add: the new endpoint and its secret, which the page shows once. */
  onCreated: (created: WebhookEndpointWithSecret) => void;
  /** After an edit. */
  onSaved: () => void;
}

/**
 * An endpoint's terms (issue 34 item 3): where events go, which ones, a note for the staff, and
 * whether it receives anything new. The contract's schema checks it here with the server's own
 * messages; an address the shop refuses (not public, say) comes back as the server's 400 on the URL.
 */
export function EndpointForm({ endpoint, onCreated, onSaved }: EndpointFormProps) {
  const create = useCreateEndpoint();
  const update = useUpdateEndpoint();
  const form = useSchemaForm(webhookEndpointFormSchema, { defaultValues: valuesOf(endpoint) });
  const selected = form.watch('events') ?? [];
  const eventsError = form.getFieldState('events', form.formState).error?.message;
  // The form opens on a press of Add or Edit: the keyboard goes on to its first field.
  const { setFocus } = form;
  useEffect(() => setFocus('url'), [setFocus]);

  const onSubmit = form.submit(async (values) => {
    if (endpoint) {
      await update.mutateAsync({ id: endpoint.id, form: values });
      toast.success('Endpoint saved', { duration: NOTICE_MS.admin });
      onSaved();
    } else {
      onCreated(await create.mutateAsync(values));
      toast.success('Endpoint added', { duration: NOTICE_MS.admin });
    }
  });

  return (
    <form
      method="post"
      noValidate
      aria-label={endpoint ? 'Edit the endpoint' : 'Add an endpoint'}
      onSubmit={onSubmit}
      className="space-y-5"
    >
      <InputField
        label="URL"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        maxLength={WEBHOOK_LIMITS.urlMax}
        placeholder="https://example.com/webhooks/sneakers"
        hint="Where the shop POSTs each event: a public http:// or https:// address."
        {...form.field('url')}
      />
      <EventCheckboxes
        register={form.register('events')}
        selected={selected}
        error={eventsError}
        onAll={(all) =>
          form.setValue('events', all ? [...WEBHOOK_EVENT_TYPES] : [], {
            shouldDirty: true,
            shouldTouch: true,
            shouldValidate: true,
          })
        }
      />
      <InputField
        label="Description (optional)"
        autoComplete="off"
        maxLength={WEBHOOK_LIMITS.descriptionMax}
        hint="For the staff: what listens there, who to ask."
        {...form.field('description')}
      />
      <label className="flex items-center gap-2 text-sm font-semibold">
        <input type="checkbox" {...form.register('active')} className="size-4 accent-ink" />
        Active: send it new events
      </label>
      <FormSubmit
        error={form.formError}
        action={
          endpoint
            ? { label: 'Save endpoint', busyLabel: 'Saving...', icon: Save }
            : { label: 'Add endpoint', busyLabel: 'Adding...', icon: Webhook }
        }
        busy={form.busy}
        className="w-full sm:w-auto sm:min-w-40"
      />
    </form>
  );
}
